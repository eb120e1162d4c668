console.log("at", Date.now());
