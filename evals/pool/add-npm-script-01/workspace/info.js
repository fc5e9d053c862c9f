console.log("info ran 474");
