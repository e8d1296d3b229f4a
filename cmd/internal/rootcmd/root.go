// Package rootcmd runs promoctl's command tree: it decides the run's
// language before cobra parses the flags, builds the root command with
// the global flags and the groups of the nouns (New), has the
// nouns put in it, makes every mistake cobra finds in a command line a
// usage error by its type (flag errors, argument checks), runs it, and
// reports the error as one line of text or one JSON object with the
// contract's exit code. The root package cmd and the commands' test
// harness call it; no noun does (internal/archtest).
package rootcmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/cmd/cmdutil/errtext"
	"github.com/promoctl/promoctl/cmd/cmdutil/helplang"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/baseurl"
	"github.com/promoctl/promoctl/internal/config"
)

// Execute runs the command tree of the root and the nouns that add puts
// in it with args, and returns the exit code.
func Execute(ctx context.Context, args []string, o cmdutil.Options, add func(root *cobra.Command, f *cmdutil.Factory)) int {
	f := cmdutil.NewFactory(o)
	f.Completing = complete.IsRequest(args)
	f.Begin(decideLanguage(args, f.Env))
	root := New(f)
	add(root, f)
	if f.Completing {
		complete.Register(root)
	}
	usageArgs(root)
	helplang.Translate(root, f.Msg, f.Formats())
	root.SetArgs(args)
	root.SetIn(o.IO.In)
	root.SetOut(o.IO.Out)
	root.SetErr(o.IO.ErrOut)
	cmd, err := root.ExecuteContextC(ctx)
	f.End()
	if err == nil {
		return cmdutil.ExitOK
	}
	argsOutput := ""
	if errors.As(err, new(flagParseError)) {
		// The flags after the bad one were not parsed: an --output among
		// them still says how to report the error.
		argsOutput = parseArgFlags(args, root.PersistentFlags()).Value("output")
	}
	if cmd == nil {
		cmd = root
	}
	return reportError(f, cmd, err, argsOutput)
}

// reportError writes err to stderr, one line of text or, with -o json, one
// JSON object, and returns the exit code. argsOutput is the --output of
// the command line when its flags could not all be parsed ("": they
// were).
func reportError(f *cmdutil.Factory, cmd *cobra.Command, err error, argsOutput string) int {
	code := cmdutil.ExitCode(err)
	msg := f.Warnings.Clean(errtext.Say(f.Msg, err))
	if code == cmdutil.ExitCancelled {
		msg = f.Msg.T("error.cancelled")
	}
	asJSON := f.ErrorsAsJSON(cmd)
	if argsOutput != "" {
		spec, ok := f.Formats().Lookup(argsOutput)
		asJSON = ok && spec.ErrorsAsJSON
	}
	if asJSON {
		e := struct {
			Message  string `json:"message"`
			Status   int    `json:"status,omitempty"`
			Kind     *int   `json:"kind,omitempty"`
			Title    string `json:"title,omitempty"`
			ExitCode int    `json:"exit_code"`
		}{Message: msg, ExitCode: code}
		var ae *api.Error
		if errors.As(err, &ae) {
			e.Status, e.Kind, e.Title = ae.Status, ae.Kind, f.Warnings.Clean(ae.Title)
		}
		b, _ := json.Marshal(map[string]any{"error": e})
		f.IO.Machine()
		fmt.Fprintf(f.IO.ErrOut, "%s\n", b)
		return code
	}
	fmt.Fprintf(f.IO.ErrOut, "promoctl: %s\n", msg)
	return code
}

// New is the root command with the global flags and the groups of
// the nouns, but no noun.
func New(f *cmdutil.Factory) *cobra.Command {
	g := &f.Global
	root := &cobra.Command{
		Use:   "promoctl",
		Short: "Manage the promo codes of a Mottor (LPmotor) shop",
		Long: `promoctl manages the promo codes of a Mottor (formerly LPmotor) shop, reads
products, and lists sites and pages, over the platform's API.

Try it without an account on the built-in sandbox:
  promoctl --sandbox promo list --site-id 1`,
		Example: `  promoctl promo list --site-id 11111
  promoctl promo create --site-id 11111 --code SUMMER25 --amount 25 --percent --enabled
  promoctl promo list -o json --jq '.[] | select(.is_valid) | .code'`,
		Version:       f.Build.Version,
		Args:          cobra.ArbitraryArgs,
		RunE:          cmdutil.GroupRun,
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetVersionTemplate(cmdutil.VersionLine(f.Build) + "\n")
	// --version without cobra's -v shorthand: kubectl users read -v as
	// verbosity.
	root.Flags().Bool("version", false, "print the version of promoctl")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return flagError(cmd, err) })

	pf := root.PersistentFlags()
	f.Flags = pf
	// The settings' flags come from the settings table, which also says how
	// each is resolved; each command reads them through f.resolver.
	for _, s := range config.GlobalFlags() {
		pf.StringP(s.Flag, s.Short, "", s.FlagUsage(f.Formats()))
	}
	pf.StringVar(&g.JQ, "jq", "", "filter the JSON output with a jq expression")
	pf.BoolVar(&g.NoHeaders, "no-headers", false, "omit the header row of tables and CSV")
	pf.BoolVar(&g.Debug, "debug", false, "log each HTTP exchange to stderr (the token is redacted)")
	pf.BoolVar(&g.NoColor, "no-color", false, "disable colours")
	pf.BoolVar(&g.Sandbox, "sandbox", false, "run against the built-in sandbox (no account needed)")
	pf.StringVar(&g.SandboxData, "sandbox-data", "", "the data file of --sandbox (default $PROMOCTL_SANDBOX_DATA, else $XDG_STATE_HOME/promoctl/sandbox.db)")
	pf.BoolVar(&g.Accessible, "accessible", false, "plain line prompts for screen readers")
	pf.BoolVar(&g.AllowInsecureHTTP, "allow-insecure-http", false, "allow sending the token over plain HTTP to a host that is not loopback (trusted networks only; warns each time)")

	comp := f.Completions()
	f.CompleteFlag(root, "profile", comp.Profiles)
	f.CompleteFlag(root, "user-id", comp.UserIDs)
	f.CompleteFlag(root, "output", complete.Fixed(complete.OutputChoices(f.Msg, f.Formats())))
	f.CompleteFlag(root, "base-url", complete.Fixed([]cobra.Completion{cobra.CompletionWithDesc(baseurl.Default, "the Mottor API")}))
	_ = root.MarkPersistentFlagFilename("config")       // the flag exists: no error
	_ = root.MarkPersistentFlagFilename("sandbox-data") // likewise

	root.AddGroup(&cobra.Group{ID: "shop", Title: "Shop commands:"}, &cobra.Group{ID: "setup", Title: "Setup commands:"})
	// The completion command is a noun of its own (cmd/completion), not
	// cobra's default.
	root.CompletionOptions.DisableDefaultCmd = true
	return root
}

// usageArgs makes the argument check of every command of root a usage
// error (exit 2), whatever its words: cobra's own checks (cobra.NoArgs)
// return plain errors. With the flag errors (flagError, the root's flag
// error function), every mistake cobra finds in a command line is typed,
// in any language. promoctl uses neither cobra's required flags nor its
// flag groups, whose errors cobra returns plain
// (TestNoCobraRequiredFlagsOrGroups).
func usageArgs(root *cobra.Command) {
	helplang.Walk(root, func(c *cobra.Command) {
		check := c.Args
		if check == nil {
			return
		}
		c.Args = func(cmd *cobra.Command, args []string) error {
			if err := check(cmd, args); err != nil {
				return cmdutil.UsageErr(err)
			}
			return nil
		}
	})
}
