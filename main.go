// Command promoctl manages the promo codes of a Mottor (LPmotor) shop.
package main

// The code that follows a promo code's fields is generated from
// promo.Registry; the completion scripts (completions/) and the command
// reference (docs/commands/, docs/man/) from the command tree:
//go:generate go run ./internal/promo/fieldgen
//go:generate go run ./internal/gen

import (
	"os"

	"github.com/promoctl/promoctl/cmd"
	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/quietinit"
)

// Set at link time: -ldflags "-X main.version=… -X main.commit=… -X main.date=…".
var (
	version = "dev"
	commit  = ""
	date    = ""
)

func main() {
	// Standard output was hidden from the libraries' initialisers, so that
	// none of them queries the terminal (see internal/quietinit).
	quietinit.Release()
	os.Exit(cmd.Main(cmdutil.Build{Version: version, Commit: commit, Date: date}))
}
