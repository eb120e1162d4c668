console.log("rows", [1, 2]);
