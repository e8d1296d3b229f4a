package rootcmd

import (
	"context"
	"errors"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/iostreams"
)

// runWith runs the root with add's commands, in Russian, and returns the
// exit code and stderr.
func runWith(t *testing.T, add func(root *cobra.Command, f *cmdutil.Factory), args ...string) (int, string) {
	t.Helper()
	ios, _, _, errOut := iostreams.Test()
	env := map[string]string{"PROMOCTL_LANG": "ru", "HOME": t.TempDir(), "XDG_CONFIG_HOME": t.TempDir()}
	code := Execute(context.Background(), args, cmdutil.Options{IO: ios, Env: func(k string) (string, bool) { v, ok := env[k]; return v, ok }}, add)
	return code, errOut.String()
}

// TestUsageMistakesExitTwoInAnyWords: a mistake cobra finds in a command
// line exits 2 by its type, not its English words: an argument check
// that words its error in Russian (as cobra's own checks, plain errors),
// and a flag error in a Russian run.
func TestUsageMistakesExitTwoInAnyWords(t *testing.T) {
	add := func(root *cobra.Command, _ *cmdutil.Factory) {
		root.AddCommand(&cobra.Command{
			Use: "only-one",
			Args: func(*cobra.Command, []string) error {
				return errors.New("нужен ровно один аргумент")
			},
			RunE: func(*cobra.Command, []string) error { return nil },
		}, &cobra.Command{
			Use:  "none",
			Args: cobra.NoArgs,
			RunE: func(*cobra.Command, []string) error { return nil },
		})
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"only-one", "a", "b"}, "promoctl: нужен ровно один аргумент\n"},
		{[]string{"none", "extra"}, ""},
		{[]string{"none", "--nosuch"}, ""},
		{[]string{"none", "--timeout"}, ""},
		{[]string{"none", "--no-color=maybe"}, ""},
	} {
		code, stderr := runWith(t, add, c.args...)
		if code != cmdutil.ExitUsage || (c.want != "" && stderr != c.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

// TestParseArgFlags: the global flags a command line gives, read by pflag
// beside cobra: every spelling of a flag, the last one winning, unknown
// flags and their values skipped, bools taking no value, nothing after
// "--", and what came before a flag that lacks its value.
func TestParseArgFlags(t *testing.T) {
	defs := pflag.NewFlagSet("root", pflag.ContinueOnError)
	defs.StringP("output", "o", "", "")
	defs.String("profile", "", "")
	defs.Bool("debug", false, "")
	for _, c := range []struct {
		args            []string
		output, profile string
	}{
		{[]string{"promo", "list", "-o", "json"}, "json", ""},
		{[]string{"promo", "list", "-ojson"}, "json", ""},
		{[]string{"promo", "list", "-o=yaml"}, "yaml", ""},
		{[]string{"--output=csv", "promo", "list"}, "csv", ""},
		{[]string{"-o", "json", "--output", "yaml"}, "yaml", ""},
		{[]string{"promo", "list", "--site-id", "5", "--limit=x", "-o", "json"}, "json", ""},
		{[]string{"--debug", "--profile", "shop", "promo"}, "", "shop"},
		{[]string{"--debug", "promo", "--profile=shop"}, "", "shop"},
		{[]string{"api", "--", "-o", "json"}, "", ""},
		{[]string{"-o", "json", "--profile"}, "json", ""},
	} {
		got := parseArgFlags(c.args, defs)
		if got.Value("output") != c.output || got.Value("profile") != c.profile {
			t.Errorf("%q: output %q, profile %q; want %q, %q", c.args, got.Value("output"), got.Value("profile"), c.output, c.profile)
		}
	}
	if got := parseArgFlags([]string{"--config", "/x.yaml", "--profile", "p"}, nil); got.Value("config") != "/x.yaml" || got.Value("profile") != "p" {
		t.Errorf("settings' flags: config %q, profile %q", got.Value("config"), got.Value("profile"))
	}
}
