// Command iris is a terminal client for the Hermes agent gateway.
//
// main.go only wires: it hands the command line and the standard streams to
// internal/app, which parses them and runs the subcommand. See README.md for
// the user's manual and ARCHITECTURE.md for the package map.
package main

import (
	"os"

	"github.com/hermes/iris/internal/app"
)

func main() {
	os.Exit(app.Run(os.Args[1:], os.Stdout, os.Stderr))
}
