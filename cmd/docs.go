package cmd

import (
	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/iostreams"
)

// DocsTree returns promoctl's command tree as users see it, with the
// --version flag, for generating the completion scripts and the command
// reference (internal/gen). Building it
// reads no config, environment or build info, so what is generated from it
// depends on the code alone; its commands are not meant to be run.
func DocsTree() *cobra.Command {
	ios, _, _, _ := iostreams.Test()
	root := newTree(cmdutil.NewFactory(cmdutil.Options{Build: cmdutil.Build{Version: "dev"}, IO: ios}))
	root.InitDefaultVersionFlag()
	return root
}
