package completion

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/iostreams"
)

// cobrasDefault is a tree of promoctl's name with cobra's default
// completion command, which this package replaces, writing to out.
func cobrasDefault(out io.Writer) *cobra.Command {
	root := &cobra.Command{Use: "promoctl"}
	root.SetOut(out)
	root.AddCommand(&cobra.Command{Use: "promo", Run: func(*cobra.Command, []string) {}})
	root.InitDefaultCompletionCmd()
	return root
}

// ours is a tree of promoctl's name with this package's completion
// command.
func ours() *cobra.Command {
	ios, _, _, _ := iostreams.Test()
	root := &cobra.Command{Use: "promoctl"}
	root.AddCommand(&cobra.Command{Use: "promo", Run: func(*cobra.Command, []string) {}})
	root.AddCommand(NewCmd(cmdutil.NewFactory(cmdutil.Options{IO: ios}), nil))
	return root
}

// TestSameAsCobrasDefault: completion and each shell's subcommand have
// the help, usage line, flags and arguments of cobra's default completion
// command, so that the generated docs and the Russian help (keyed by the
// English) stay as they were.
func TestSameAsCobrasDefault(t *testing.T) {
	want, got := cobrasDefault(io.Discard), ours()
	for _, path := range [][]string{{"completion"}, {"completion", "bash"}, {"completion", "zsh"}, {"completion", "fish"}, {"completion", "powershell"}} {
		w, _, err := want.Find(path)
		if err != nil {
			t.Fatalf("cobra's %v: %v", path, err)
		}
		g, _, err := got.Find(path)
		if err != nil || g.Name() != w.Name() {
			t.Errorf("%v: not a command (%v)", path, err)
			continue
		}
		for _, c := range []struct{ what, got, want string }{
			{"Short", g.Short, w.Short},
			{"Long", g.Long, w.Long},
			{"Example", g.Example, w.Example},
			{"usage line", g.UseLine(), w.UseLine()},
			{"flags", flagUsages(g.Flags()), flagUsages(w.Flags())},
		} {
			if c.got != c.want {
				t.Errorf("%v: %s\n%q\nwant cobra's\n%q", path, c.what, c.got, c.want)
			}
		}
		if g.Runnable() != w.Runnable() || g.Hidden != w.Hidden || (g.Args == nil) != (w.Args == nil) || (g.ValidArgsFunction == nil) != (w.ValidArgsFunction == nil) {
			t.Errorf("%v: runnable %t, hidden %t, args %t, argument completion %t; want cobra's %t, %t, %t, %t", path,
				g.Runnable(), g.Hidden, g.Args != nil, g.ValidArgsFunction != nil, w.Runnable(), w.Hidden, w.Args != nil, w.ValidArgsFunction != nil)
		}
		if g.Args != nil && g.Args(g, []string{"extra"}) == nil {
			t.Errorf("%v takes an argument, want none", path)
		}
	}
}

func flagUsages(fs *pflag.FlagSet) string {
	fs.BoolP("help", "h", false, "help") // as cobra adds it
	return fs.FlagUsages()
}

// TestScriptsAreCobras: completion SHELL writes, with and without
// --no-descriptions, the script cobra's default command writes, on stdout
// and nothing else, without a request.
func TestScriptsAreCobras(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish", "powershell"} {
		for _, args := range [][]string{{"completion", sh}, {"completion", sh, "--no-descriptions"}} {
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				var script bytes.Buffer
				def := cobrasDefault(&script)
				def.SetArgs(args)
				if err := def.Execute(); err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(script.String(), "promoctl") {
					t.Fatalf("cobra's script names no promoctl:\n%s", script.String())
				}
				r := newRunner(t)
				r.Run(args...).Expect(t, cmdutil.ExitOK, script.String(), "")
				r.ExpectNoRequests(t)
			})
		}
	}
}

// TestCompletionTakesNoArguments: a word after the shell is a usage
// error, said as for any command that takes none; completion alone shows
// its help.
func TestCompletionTakesNoArguments(t *testing.T) {
	r := newRunner(t)
	r.Run("completion", "bash", "extra").Expect(t, cmdutil.ExitUsage, "", "promoctl: unknown command \"extra\" for \"promoctl completion bash\"\n")
	res := r.Run("completion")
	if res.Code != cmdutil.ExitOK || !strings.HasPrefix(res.Stdout, "Generate the autocompletion script for promoctl for the specified shell.\n") ||
		!strings.Contains(res.Stdout, "  zsh         Generate the autocompletion script for zsh\n") || res.Stderr != "" {
		t.Errorf("completion: exit %d, stdout:\n%s\nstderr: %s\nwant its help", res.Code, res.Stdout, res.Stderr)
	}
	r.ExpectNoRequests(t)
}
