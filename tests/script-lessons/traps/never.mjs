console.log("waiting");
await new Promise(() => {});
