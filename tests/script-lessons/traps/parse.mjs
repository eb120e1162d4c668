console.log("x");
JSON.parse("{bad");
