console.log(crypto.getRandomValues(new Uint32Array(1))[0] >= 0);
