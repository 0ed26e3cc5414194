import { KeptRecords } from './kept-records';

/** A record of `length` bytes that says which slot it is, so a wrong block read back shows. */
const record = (slot: number, length: number) =>
  Buffer.from(`#${slot};`.padEnd(length, String.fromCharCode(97 + (slot % 26))));

describe('KeptRecords past its memory limit', () => {
  // 8 KiB of memory: 1 KiB blocks, 8 of them kept; 600 records of ~100 bytes spill ~60 blocks to the file.
  const build = () => {
    const store = new KeptRecords(8 * 1024);
    const records = Array.from({ length: 600 }, (_, slot) => record(slot, 90 + (slot % 23)));
    records.forEach((bytes, slot) => expect(store.add(slot % 7, bytes, 0, bytes.length)).toBe(slot));
    return { store, records };
  };
  const text = (store: KeptRecords, slot: number) => {
    const { buf, start, end } = store.read(slot);
    return buf.toString('latin1', start, end);
  };

  it('reads every record back, in order and out of order, from memory and from the file', () => {
    const { store, records } = build();
    try {
      expect(store.spilled).toBe(true);
      const order = [...records.keys(), ...[...records.keys()].reverse(), ...records.keys()].map(
        (i) => (i * 37) % 600,
      );
      for (const slot of order) expect(text(store, slot)).toBe(records[slot]!.toString('latin1'));
      for (let slot = 0; slot < records.length; slot++) expect(store.entityOf(slot)).toBe(slot % 7);
    } finally {
      store.close();
    }
  });

  it('reuses the blocks its cache lets go of instead of allocating one per block written or read back', () => {
    const { store, records } = build();
    try {
      const afterWriting = store.allocatedBlocks;
      // 8 cached blocks, the one being filled and at most one let go of before it is reused
      expect(afterWriting).toBeLessThanOrEqual(10);
      for (let pass = 0; pass < 3; pass++)
        for (let slot = 0; slot < records.length; slot++) text(store, (slot * 37) % records.length);
      expect(store.allocatedBlocks).toBeLessThanOrEqual(afterWriting + 1);
    } finally {
      store.close();
    }
  });
});
