console.log({ a: 1 });
