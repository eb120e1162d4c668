const all = [];
for (;;) all.push(new Array(1e6).fill(all.length));
