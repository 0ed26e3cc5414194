import { extractIfcFile } from '@aec/ifc';
const mem = () => { const m = process.memoryUsage(); return `rss=${(m.rss/1048576)|0} heap=${(m.heapUsed/1048576)|0}/${(m.heapTotal/1048576)|0} ext=${(m.external/1048576)|0} ab=${(m.arrayBuffers/1048576)|0}`; };
async function main() {
  const t = performance.now();
  let rows = 0;
  await extractIfcFile(process.argv[2]!, { batchSize: 2000, onBatch: (b) => { rows += (b.elements?.length ?? 0) + (b.properties?.length ?? 0); },
    onProgress: (p) => { if (p.phase !== 'extract' || (p.done ?? 0) % 100000 === 0) console.log(((performance.now()-t)/1000).toFixed(1), p.phase, p.message.slice(0,60), mem()); } });
  console.log('done', ((performance.now()-t)/1000).toFixed(1), rows, mem(), 'maxrss', process.resourceUsage().maxRSS/1024|0);
}
main();
