const xs: number[] = [];
let acc = 0;
for (let i = 0; i < 5000; i++) { const t = performance.now(); for (let k = 0; k < 20000; k++) acc += k % 7; xs.push(performance.now() - t); }
xs.sort((a, b) => a - b);
console.log("busy-loop p50", xs[2500]!.toFixed(3), "p99", xs[4950]!.toFixed(3), "max", xs[4999]!.toFixed(3), acc > 0);
