throw "plain";
