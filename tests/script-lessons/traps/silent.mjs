const P = JSON.parse(process.argv[2] ?? "{}");
if (P.quiet) {}
else console.log("said");
