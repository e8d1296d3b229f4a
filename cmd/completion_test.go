package cmd

import (
	"context"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/sandbox"
)

// Completion runs through cobra's hidden __complete command, as the shell
// scripts in completions/ call it: candidates one a line on stdout, then
// ":DIRECTIVE"; cobra adds one line of its own on stderr, which the scripts
// throw away.

func TestCompleteSiteIDs(t *testing.T) {
	// The API does not document site records: the description is the first
	// of name, title and domain; ids may be numbers or strings.
	sites := `[{"id":11111,"name":"Flower shop","title":"ignored"},{"id":"22222","title":"Landing"},{"id":33333,"domain":"coffee.example"},{"id":44444},{"name":"no id"}]`
	want := apitest.Lines("11111\tFlower shop", "22222\tLanding", "33333\tcoffee.example", "44444", ":4")
	for _, line := range [][]string{
		{"promo", "list", "--site-id", ""},
		{"promo", "create", "--code", "X1", "--site-id", ""},
		{"page", "list", "--site-id="},
		{"site", "get", ""},
	} {
		t.Run(strings.Join(line, " "), func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("GET /v3/public/site", http.StatusOK, sites)
			if got := r.Complete(t, line...); got != want {
				t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
			}
			r.ExpectRoutes(t, "GET /v3/public/site")
		})
	}
}

func TestCompleteSiteIDsFromAWrappedList(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v3/public/site", http.StatusOK, `{"total":2,"data":[{"id":1,"name":"One"},{"id":2,"name":"Two"}]}`)
	if got, want := r.Complete(t, "promo", "list", "--site-id", "2"), apitest.Lines("2\tTwo", ":4"); got != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", got, want)
	}
}

func TestCompleteProfiles(t *testing.T) {
	r := newRunner(t)
	r.WriteConfig("current_profile: staging\nprofiles:\n  default:\n    user_id: 1\n  staging:\n    user_id: 2\n  shop2:\n    user_id: 3\n")
	if got, want := r.Complete(t, "--profile", ""), apitest.Lines("default", "shop2", "staging\tcurrent profile", ":4"); got != want {
		t.Errorf("--profile: stdout:\n%s\nwant:\n%s", got, want)
	}
	if got, want := r.Complete(t, "promo", "list", "--profile", "s"), apitest.Lines("shop2", "staging\tcurrent profile", ":4"); got != want {
		t.Errorf("promo list --profile s: stdout:\n%s\nwant:\n%s", got, want)
	}
	got := r.Complete(t, "config", "use", "")
	for _, name := range []string{"default", "staging", "shop2"} {
		if !strings.Contains(got, name) {
			t.Errorf("config use: stdout:\n%s\nwant profile %s", got, name)
		}
	}
	r.ExpectNoRequests(t)
}

func TestCompleteProfilesWithoutAConfigFile(t *testing.T) {
	r := newRunner(t)
	if got := r.Complete(t, "--profile", ""); got != ":4\n" {
		t.Errorf("stdout = %q, want no candidates", got)
	}
}

func TestCompleteFixedValues(t *testing.T) {
	r := newRunner(t)
	for _, c := range []struct {
		line []string
		want string
	}{
		{[]string{"promo", "list", "-o", ""}, apitest.Lines(
			"table\taligned columns for people (default)", "wide\ta table with every column, none cut to fit the terminal", "json\tthe API's JSON, for scripts and --jq", "jsonl\tone JSON object a line, written as the list arrives",
			"yaml\tthe API's fields as YAML", "csv\tcomma-separated values with a header row", "xlsx\tan Excel workbook with typed cells (redirect it to a file)", ":4")},
		{[]string{"--output", "j"}, apitest.Lines("json\tthe API's JSON, for scripts and --jq", "jsonl\tone JSON object a line, written as the list arrives", ":4")},
		{[]string{"promo", "create", "--bonus-type", ""}, apitest.Lines(
			"goods\tdiscount on the cost of the goods (2)", "delivery\tdiscount on the cost of delivery (3)", ":4")},
		{[]string{"promo", "update", "1001", "--bonus-type", "d"}, apitest.Lines("delivery\tdiscount on the cost of delivery (3)", ":4")},
		{[]string{"config", "get", ""}, apitest.Lines("base_url", "token", "user_id", "site_id", "output", "timeout", "language", ":4")},
		{[]string{"config", "set", ""}, apitest.Lines("base_url", "token", "user_id", "site_id", "output", "timeout", "language", ":4")},
		{[]string{"api", "p"}, apitest.Lines("POST", "PUT", "PATCH", ":4")},
		{[]string{"api", "/v1/promo", ""}, ":4\n"},
		// Value flags without known values offer nothing, not file names.
		{[]string{"promo", "create", "--code", ""}, ":4\n"},
		{[]string{"promo", "list", ""}, ":4\n"},
	} {
		if got := r.Complete(t, c.line...); got != c.want {
			t.Errorf("%q: stdout:\n%s\nwant:\n%s", c.line, got, c.want)
		}
	}
	r.ExpectNoRequests(t)
}

func TestCompleteFileFlagsCompleteFiles(t *testing.T) {
	r := newRunner(t)
	for _, line := range [][]string{{"promo", "create", "-f", ""}, {"--config", ""}, {"sandbox", "serve", "--data", ""}} {
		res := r.Run(append([]string{cobra.ShellCompRequestCmd}, line...)...)
		if res.Stdout != ":0\n" {
			t.Errorf("%q: stdout = %q, want :0 (the shell's file completion)", line, res.Stdout)
		}
	}
}

func TestCompleteWithSandbox(t *testing.T) {
	r := newRunner(t)
	// Ignored by the sandbox, which has no default site: ids of promo
	// codes and pages come from every site its user can view.
	r.Env["PROMOCTL_SITE_ID"] = "11111"
	got := r.Complete(t, "--sandbox", "promo", "get", "100")
	if !strings.HasPrefix(got, "1001\tWELCOME10\n1002\tFREESHIP\n") || !strings.HasSuffix(got, "\n:4\n") {
		t.Errorf("stdout:\n%s\nwant the sandbox's promo codes of site 1", got)
	}
	if got := r.Complete(t, "--sandbox", "--user-id", "2", "page", "get", ""); !strings.HasPrefix(got, "31\tHome\n32\tOur beans\n") {
		t.Errorf("pages of user 2: stdout:\n%s\nwant the pages of site 3", got)
	}
	if got, want := r.Complete(t, "--sandbox", "promo", "list", "--site-id", ""), apitest.Lines("1\tFlower Shop Demo", "2\tLanding Draft", ":4"); got != want {
		t.Errorf("sites: stdout:\n%s\nwant:\n%s", got, want)
	}
	if got, want := r.Complete(t, "--sandbox", "--user-id", "2", "page", "list", "--site-id", ""), apitest.Lines("3\tCoffee Roasters", ":4"); got != want {
		t.Errorf("sites of user 2: stdout:\n%s\nwant:\n%s", got, want)
	}
	if got, want := r.Complete(t, "--sandbox", "--user-id", ""), apitest.Lines("1\tsandbox user: can view sites 1 and 2", "2\tsandbox user: owns site 3", ":4"); got != want {
		t.Errorf("--user-id: stdout:\n%s\nwant:\n%s", got, want)
	}
	// sandbox redeem works on the sandbox with or without --sandbox.
	if got, want := r.Complete(t, "sandbox", "redeem", "--site-id", ""), apitest.Lines("1\tFlower Shop Demo", "2\tLanding Draft", ":4"); got != want {
		t.Errorf("sandbox redeem --site-id: stdout:\n%s\nwant:\n%s", got, want)
	}
	r.ExpectNoRequests(t)
}

// completionHang answers nothing until the client gives up.
func completionHang(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }

// TestCompletionGivesUpQuietly: whatever goes wrong, completion offers
// nothing, says nothing on stderr, never prompts and returns within about
// completionTimeout, whatever --timeout says.
func TestCompletionGivesUpQuietly(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(r *cmdtest.Runner)
		line  []string
	}{
		{"the API hangs", func(r *cmdtest.Runner) {
			r.API.HandleFunc("GET /v1/promo", completionHang)
		}, []string{"--timeout", "10m", "promo", "get", ""}},
		{"the site list hangs", func(r *cmdtest.Runner) {
			r.API.HandleFunc("GET /v3/public/site", completionHang)
		}, []string{"promo", "list", "--site-id", ""}},
		{"the API is unreachable", func(r *cmdtest.Runner) {
			r.Env["PROMOCTL_BASE_URL"] = cmdtest.RefusedURL
		}, []string{"promo", "get", ""}},
		{"the API refuses", func(r *cmdtest.Runner) {
			r.API.Handle("GET /v1/promo", http.StatusForbidden, apitest.Error(403, 30, "user cant view site"))
		}, []string{"--debug", "promo", "get", ""}},
		{"the API answers nonsense", func(r *cmdtest.Runner) {
			r.API.Handle("GET /v3/public/site", http.StatusOK, `<html>`)
		}, []string{"site", "get", ""}},
		{"not logged in, on a terminal", func(r *cmdtest.Runner) {
			delete(r.Env, "PROMOCTL_TOKEN")
			delete(r.Env, "PROMOCTL_USER_ID")
			r.TTY = true
			r.Prompter = failingPrompter{r.T}
		}, []string{"promo", "update", ""}},
		{"the config file is broken", func(r *cmdtest.Runner) {
			r.WriteConfig("profiles: [this is not: a map\n")
		}, []string{"promo", "list", "--profile", ""}},
		{"the config file is broken, completing ids", func(r *cmdtest.Runner) {
			r.WriteConfig("profiles: [this is not: a map\n")
		}, []string{"promo", "get", ""}},
		{"an invalid setting", func(r *cmdtest.Runner) {
			r.Env["PROMOCTL_OUTPUT"] = "xml"
		}, []string{"page", "get", ""}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := newRunner(t)
			r.Env["PROMOCTL_SITE_ID"] = "11111"
			r.CompletionTimeout = 100 * time.Millisecond // 2s in use
			c.setup(r)
			// A completion that waited on anything but its timeout
			// would hang here, and the test binary's -timeout ends it.
			got := r.Complete(t, c.line...)
			if got != ":4\n" {
				t.Errorf("stdout = %q, want no candidates", got)
			}
		})
	}
}

// failingPrompter fails the test when anything prompts.
type failingPrompter struct{ t *testing.T }

func (p failingPrompter) Confirm(_ context.Context, title, _ string, _ bool) (bool, error) {
	p.t.Errorf("completion prompted: %s", title)
	return false, nil
}

func TestCompletionWaitsBrieflyForABusySandbox(t *testing.T) {
	r := newRunner(t)
	r.Env["PROMOCTL_SITE_ID"] = "1"
	r.CompletionTimeout = 100 * time.Millisecond // 2s in use
	// Another process (here: this one) holds the sandbox's data file.
	store, err := sandbox.Open(t.Context(), filepath.Join(r.Env["XDG_STATE_HOME"], "promoctl", "sandbox.db"), sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	// The store is held until the test ends: a completion that waited for
	// it rather than for its timeout would hang here.
	if got := r.Complete(t, "--sandbox", "promo", "get", ""); got != ":4\n" {
		t.Errorf("stdout = %q, want no candidates", got)
	}
}

// TestCompletionWiring: the commands that take an id or a path declare its
// completion, every command with a flag of known values completes it,
// and the flags that name files complete file names (the shell's).
func TestCompletionWiring(t *testing.T) {
	ios, _, _, _ := iostreams.Test()
	f := cmdutil.NewFactory(cmdutil.Options{IO: ios})
	f.Completing = true
	root := newTree(f)
	for _, path := range []string{"promo get", "promo update", "promo delete", "promo enable", "promo disable", "promo stats", "promo report",
		"site get", "page get", "api", "config use", "config get", "config set"} {
		c, rest, err := root.Find(strings.Fields(path))
		if err != nil || len(rest) > 0 || c == root {
			t.Errorf("%q is not a command", path)
		} else if c.ValidArgsFunction == nil {
			t.Errorf("%s declares no argument completion", path)
		}
	}
	complete.Register(root)
	visit := func(flag string, check func(c *cobra.Command)) {
		found := false
		var walk func(c *cobra.Command)
		walk = func(c *cobra.Command) {
			if c.Flag(flag) != nil {
				found = true
				check(c)
			}
			for _, sub := range c.Commands() {
				walk(sub)
			}
		}
		walk(root)
		if !found {
			t.Errorf("no command has --%s", flag)
		}
	}
	for _, flag := range []string{"output", "profile", "user-id", "base-url", "site-id", "bonus-type", "status", "sort", "by", "job"} {
		visit(flag, func(c *cobra.Command) {
			if _, ok := c.GetFlagCompletionFunc(flag); !ok {
				t.Errorf("%s --%s has no completion", c.CommandPath(), flag)
			}
		})
	}
	for _, flag := range []string{"config", "sandbox-data", "data", "file", "journal", "input", "field"} {
		visit(flag, func(c *cobra.Command) {
			fl := c.Flag(flag)
			if _, ok := fl.Annotations[cobra.BashCompFilenameExt]; !ok {
				t.Errorf("%s --%s does not complete file names", c.CommandPath(), flag)
			}
		})
	}
}

// TestCompleterRuns calls the completions with their dependencies given
// directly: a client of a fake API, a config file, the --sandbox switch.
func TestCompleterRuns(t *testing.T) {
	e := cmdtest.NewVerbEnv(t, false, format.JSON)
	path := cmdtest.WriteFile(t, "config.yaml", "current_profile: shop\nprofiles:\n  shop: {}\n  staging: {}\n")
	sandboxOn := false
	c := &complete.Completer{
		Client: func(*cobra.Command) (context.Context, context.CancelFunc, *api.Client, *config.Settings, bool) {
			ctx, cancel := context.WithCancel(context.Background())
			client, err := e.Sess.Client()
			return ctx, cancel, client, e.Sess.Settings, err == nil
		},
		ConfigPath: func(*cobra.Command) (string, error) { return path, nil },
		Sandbox:    func() bool { return sandboxOn },
	}
	cmd := &cobra.Command{}
	for _, tc := range []struct {
		name  string
		fn    cobra.CompletionFunc
		typed string
		want  []cobra.Completion
	}{
		{"profiles, the current one marked", c.Profiles, "s", []cobra.Completion{"shop\tcurrent profile", "staging"}},
		{"no user ids off the sandbox", c.UserIDs, "", nil},
	} {
		got, dir := tc.fn(cmd, nil, tc.typed)
		if !slices.Equal(got, tc.want) || dir != cobra.ShellCompDirectiveNoFileComp {
			t.Errorf("%s: got %q (%d), want %q", tc.name, got, dir, tc.want)
		}
	}
	sandboxOn = true
	if got, _ := c.UserIDs(cmd, nil, "2"); len(got) != 1 || !strings.HasPrefix(got[0], "2\tsandbox user") {
		t.Errorf("user ids on the sandbox = %q, want user 2", got)
	}
	e.Expect(t, nil, "", "", "")
}

// TestCompleterLeavesTheRunAlone: completing a sandbox command builds a
// quiet sandbox of its own, closed with the completion, and leaves the
// run's factory as it was: no --sandbox switched on, the same streams,
// nothing resolved or opened for the run.
func TestCompleterLeavesTheRunAlone(t *testing.T) {
	r := newSandboxRunner(t)
	ios, _, _, errOut := iostreams.Test()
	f := cmdutil.NewFactory(cmdutil.Options{IO: ios, Env: func(k string) (string, bool) { v, ok := r.Env[k]; return v, ok }})
	root := newTree(f)
	cmd, _, err := root.Find([]string{"sandbox", "redeem"})
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.ParseFlags([]string{"--debug", "--site-id", "1"}); err != nil {
		t.Fatal(err)
	}
	cmd.SetContext(t.Context())
	ctx, cancel, client, s, ok := f.Completions().Client(cmd)
	if !ok {
		cancel()
		t.Fatal("no client for sandbox redeem")
	}
	sites, err := client.ListSites(ctx)
	cancel()
	if err != nil || !s.Sandbox || s.UserID != 1 || len(sites) == 0 {
		t.Errorf("sandbox sites %s (%v), settings for the sandbox %t as user %d: want the sandbox's sites as user 1", sites, err, s.Sandbox, s.UserID)
	}
	if f.Global.Sandbox || !f.Global.Debug || f.IO != ios {
		t.Errorf("the factory changed: --sandbox %t, --debug %t, same streams %t", f.Global.Sandbox, f.Global.Debug, f.IO == ios)
	}
	// Nothing was resolved or switched to the sandbox for the run (the
	// sandbox opened for it is what a run closes): its settings are
	// resolved now, for the account.
	if s, err := f.Settings(cmd); err != nil || s.Sandbox {
		t.Errorf("the run's settings after the completion: %+v, %v; want the account's, resolved afresh", s, err)
	}
	if errOut.Len() != 0 {
		t.Errorf("stderr: %q, want nothing", errOut)
	}
	// The completion's data file is closed.
	store, err := sandbox.Open(t.Context(), sandbox.DefaultDataPath(func(k string) string { return r.Env[k] }), sandbox.Options{Timeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	store.Close()
}
