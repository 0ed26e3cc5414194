import { existsSync, renameSync, statSync } from 'node:fs';
import { writeIfcModel } from '@aec/ifc';

/** Writes the benchmark model (default ~100 MB) once; later runs reuse it. Prints its size and product count. */
async function main(): Promise<void> {
  const [file, mb = '100'] = process.argv.slice(2);
  if (!file) throw new Error('usage: generate-model <file.ifc> [megabytes]');
  const targetBytes = Number(mb) * 1024 * 1024;
  if (!existsSync(file) || Math.abs(statSync(file).size - targetBytes) > targetBytes * 0.05) {
    const counts = await writeIfcModel(`${file}.tmp`, { targetBytes, bays: 8, seed: 100 });
    renameSync(`${file}.tmp`, file);
    process.stdout.write(
      JSON.stringify({ bytes: statSync(file).size, products: counts.totalProducts }) + '\n',
    );
    return;
  }
  process.stdout.write(JSON.stringify({ bytes: statSync(file).size, products: null }) + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
