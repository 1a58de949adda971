// Runs the benchmarks named on the command line (default: all) one after another.
const all = ['cold-start', 'login-size'];
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : all;
for (const name of wanted) {
  console.log(`\n== ${name}`);
  await import(`./${name}.ts`);
}

export {};
