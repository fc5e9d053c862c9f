console.log("info ran 356");
