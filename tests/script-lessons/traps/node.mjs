console.log(typeof Buffer, typeof global, typeof process.env, Object.keys(process).join());
