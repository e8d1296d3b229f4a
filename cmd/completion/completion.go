// Package completion is the completion command: the shell completion
// scripts of promoctl for bash, zsh, fish and PowerShell (committed in
// completions/ by go generate). The scripts ask `promoctl __complete`
// (cobra's) for the candidates, which each verb declares; this package
// only writes the scripts. Its help and command line are cobra's default
// completion command's, which it replaces.
package completion

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
)

// program is the name the scripts complete and the help speaks of.
const program = "promoctl"

// completionOptions are the inputs of completion SHELL.
type completionOptions struct {
	Out          io.Writer
	Root         *cobra.Command // the tree the script completes
	Shell        shell
	Descriptions bool // candidates with what they are (not --no-descriptions)
}

// shell is one shell's subcommand: its name, help, and how cobra writes
// its script.
type shell struct {
	name, short, long string
	flagsInUseLine    bool
	script            func(root *cobra.Command, w io.Writer, descriptions bool) error
}

func shells() []shell {
	return []shell{
		{name: "bash", short: "Generate the autocompletion script for bash", long: fmt.Sprintf(`Generate the autocompletion script for the bash shell.

This script depends on the 'bash-completion' package.
If it is not installed already, you can install it via your OS's package manager.

To load completions in your current shell session:

	source <(%[1]s completion bash)

To load completions for every new session, execute once:

#### Linux:

	%[1]s completion bash > /etc/bash_completion.d/%[1]s

#### macOS:

	%[1]s completion bash > $(brew --prefix)/etc/bash_completion.d/%[1]s

You will need to start a new shell for this setup to take effect.
`, program), script: (*cobra.Command).GenBashCompletionV2},
		{name: "zsh", short: "Generate the autocompletion script for zsh", flagsInUseLine: true, long: fmt.Sprintf(`Generate the autocompletion script for the zsh shell.

If shell completion is not already enabled in your environment you will need
to enable it.  You can execute the following once:

	echo "autoload -U compinit; compinit" >> ~/.zshrc

To load completions in your current shell session:

	source <(%[1]s completion zsh)

To load completions for every new session, execute once:

#### Linux:

	%[1]s completion zsh > "${fpath[1]}/_%[1]s"

#### macOS:

	%[1]s completion zsh > $(brew --prefix)/share/zsh/site-functions/_%[1]s

You will need to start a new shell for this setup to take effect.
`, program), script: func(root *cobra.Command, w io.Writer, descriptions bool) error {
			if !descriptions {
				return root.GenZshCompletionNoDesc(w)
			}
			return root.GenZshCompletion(w)
		}},
		{name: "fish", short: "Generate the autocompletion script for fish", flagsInUseLine: true, long: fmt.Sprintf(`Generate the autocompletion script for the fish shell.

To load completions in your current shell session:

	%[1]s completion fish | source

To load completions for every new session, execute once:

	%[1]s completion fish > ~/.config/fish/completions/%[1]s.fish

You will need to start a new shell for this setup to take effect.
`, program), script: (*cobra.Command).GenFishCompletion},
		{name: "powershell", short: "Generate the autocompletion script for powershell", flagsInUseLine: true, long: fmt.Sprintf(`Generate the autocompletion script for powershell.

To load completions in your current shell session:

	%[1]s completion powershell | Out-String | Invoke-Expression

To load completions for every new session, add the output of the above command
to your powershell profile.
`, program), script: func(root *cobra.Command, w io.Writer, descriptions bool) error {
			if !descriptions {
				return root.GenPowerShellCompletion(w)
			}
			return root.GenPowerShellCompletionWithDesc(w)
		}},
	}
}

// NewCmd is the completion command, with a subcommand per shell; run
// writes the script (nil: runCompletion).
func NewCmd(f *cmdutil.Factory, run func(context.Context, *completionOptions) error) *cobra.Command {
	if run == nil {
		run = runCompletion
	}
	c := &cobra.Command{
		Use:   "completion",
		Short: "Generate the autocompletion script for the specified shell",
		Long: fmt.Sprintf(`Generate the autocompletion script for %[1]s for the specified shell.
See each sub-command's help for details on how to use the generated script.
`, program),
		Args:              cobra.NoArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
	}
	for _, sh := range shells() {
		c.AddCommand(newShellCmd(f, sh, run))
	}
	return c
}

// newShellCmd is completion SHELL.
func newShellCmd(f *cmdutil.Factory, sh shell, run func(context.Context, *completionOptions) error) *cobra.Command {
	noDesc := false
	c := &cobra.Command{
		Use:                   sh.name,
		Short:                 sh.short,
		Long:                  sh.long,
		Args:                  cobra.NoArgs,
		DisableFlagsInUseLine: !sh.flagsInUseLine,
		ValidArgsFunction:     cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return run(cmd.Context(), &completionOptions{Out: f.IO.Out, Root: cmd.Root(), Shell: sh, Descriptions: !noDesc})
		},
	}
	c.Flags().BoolVar(&noDesc, "no-descriptions", false, "disable completion descriptions")
	return c
}

// runCompletion writes the completion script of opts.Shell for the tree
// of opts.Root.
func runCompletion(_ context.Context, opts *completionOptions) error {
	return opts.Shell.script(opts.Root, opts.Out, opts.Descriptions)
}
