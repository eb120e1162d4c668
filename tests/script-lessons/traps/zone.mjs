console.log((12345.6).toLocaleString("tr-TR"));
console.log(new Intl.DateTimeFormat("tr-TR").format(0));
