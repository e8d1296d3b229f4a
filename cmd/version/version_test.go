package version

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/apitest"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
	"github.com/promoctl/promoctl/internal/output"
)

func TestVersionLine(t *testing.T) {
	for _, c := range []struct {
		b    cmdutil.Build
		want string
	}{
		{cmdutil.Build{}, "promoctl dev"},
		{cmdutil.Build{Version: "1.2.3"}, "promoctl 1.2.3"},
		{cmdutil.Build{Version: "1.2.3", Commit: "0123456789abcdef0123"}, "promoctl 1.2.3 (commit 0123456789ab)"},
		{cmdutil.Build{Version: "1.2.3", Commit: "abc", Date: "2026-11-22T05:00:00Z"}, "promoctl 1.2.3 (commit abc, commit date 2026-11-22T05:00:00Z)"},
		{cmdutil.Build{Version: "1.2.3", Date: "2026-11-22T05:00:00Z"}, "promoctl 1.2.3 (commit date 2026-11-22T05:00:00Z)"},
	} {
		if got := cmdutil.VersionLine(c.b); got != c.want {
			t.Errorf("versionLine(%+v) = %q, want %q", c.b, got, c.want)
		}
	}
}

func TestWithBuildInfo(t *testing.T) {
	info := func(version string, settings ...string) func() (*debug.BuildInfo, bool) {
		return func() (*debug.BuildInfo, bool) {
			bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/promoctl/promoctl", Version: version}}
			for i := 0; i+1 < len(settings); i += 2 {
				bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
			}
			return bi, true
		}
	}
	none := func() (*debug.BuildInfo, bool) { return nil, false }
	vcs := []string{"vcs", "git", "vcs.revision", "fedcba9876543210", "vcs.time", "2026-11-20T10:00:00Z", "vcs.modified", "false"}
	for _, c := range []struct {
		name string
		b    cmdutil.Build
		read func() (*debug.BuildInfo, bool)
		want cmdutil.Build
	}{
		{"ldflags name everything: nothing is read", cmdutil.Build{Version: "1.2.3", Commit: "abc", Date: "2026-11-22T05:00:00Z"},
			func() (*debug.BuildInfo, bool) {
				t.Error("build info read although -ldflags named version, commit and date")
				return info("v9.9.9", vcs...)()
			},
			cmdutil.Build{Version: "1.2.3", Commit: "abc", Date: "2026-11-22T05:00:00Z"}},
		{"ldflags win", cmdutil.Build{Version: "1.2.3", Commit: "abc"}, info("v9.9.9", vcs...),
			cmdutil.Build{Version: "1.2.3", Commit: "abc", Date: "2026-11-20T10:00:00Z"}},
		{"go install @version", cmdutil.Build{Version: "dev"}, info("v1.4.0"), cmdutil.Build{Version: "1.4.0"}},
		{"go build in a checkout", cmdutil.Build{Version: "dev"}, info("v0.0.0-20261120100000-fedcba987654+dirty", vcs...),
			cmdutil.Build{Version: "0.0.0-20261120100000-fedcba987654+dirty", Commit: "fedcba9876543210", Date: "2026-11-20T10:00:00Z"}},
		{"go run", cmdutil.Build{Version: "dev"}, info("(devel)"), cmdutil.Build{Version: "dev"}},
		{"version only from ldflags", cmdutil.Build{Version: "2.0.0"}, info("(devel)", vcs...),
			cmdutil.Build{Version: "2.0.0", Commit: "fedcba9876543210", Date: "2026-11-20T10:00:00Z"}},
		{"no build info", cmdutil.Build{}, none, cmdutil.Build{Version: "dev"}},
	} {
		if got := WithBuildInfo(c.b, c.read); got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestVersionCommand(t *testing.T) {
	r := newRunner(t)
	// version reads no config and no PROMOCTL_OUTPUT: it works whatever
	// they hold.
	r.WriteConfig("profiles: [not a config\n")
	r.Env["PROMOCTL_OUTPUT"] = "xml"
	r.Run("version").Expect(t, 0, "promoctl 1.2.3\n", "")
	r.Run("--version").Expect(t, 0, "promoctl 1.2.3\n", "")

	res := r.Run("version", "-o", "json")
	if res.Code != 0 || res.Stderr != "" {
		t.Fatalf("version -o json: exit %d, stderr %q", res.Code, res.Stderr)
	}
	cmdtest.ExpectJSON(t, "version -o json", res.Stdout,
		`{"version":"1.2.3","commit":"","date":"","go":"`+runtime.Version()+`","platform":"`+runtime.GOOS+"/"+runtime.GOARCH+`"}`)

	r.Run("version", "--jq", ".version").Expect(t, 0, "1.2.3\n", "")
	r.Run("version", "-o", "yaml", "--jq", ".go").Expect(t, 2, "", "promoctl: --jq works with --output json, not yaml\n")
	r.Run("version", "-o", "xlsx").Expect(t, 2, "", "promoctl: --output xlsx is for lists of promo codes: use json, yaml or csv\n")
	r.Env["LANG"] = "ru_RU.UTF-8"
	r.Run("version", "-o", "yaml", "--jq", ".go").Expect(t, 2, "", "promoctl: --jq работает только с --output json, а не с yaml\n")
	r.Run("version", "-o", "xlsx").Expect(t, 2, "", "promoctl: --output xlsx — только для списков промокодов: выберите json, yaml или csv\n")
	delete(r.Env, "LANG")
	r.Run("version", "-o", "xml").Expect(t, 2, "", "promoctl: --output: unknown output format \"xml\": use table, wide, json, jsonl, yaml, csv or xlsx\n")
	r.Run("version", "extra").Expect(t, 2, "", "promoctl: version takes no arguments, got \"extra\" (usage: promoctl version)\n")
}

func TestVersionFormats(t *testing.T) {
	r := newRunner(t)
	res := r.Run("version", "-o", "table")
	var lines []string
	for _, l := range strings.Split(strings.TrimSuffix(res.Stdout, "\n"), "\n") {
		lines = append(lines, strings.Join(strings.Fields(l), " "))
	}
	want := []string{"Version: 1.2.3", "Go: " + runtime.Version(), "Platform: " + runtime.GOOS + "/" + runtime.GOARCH}
	if res.Code != 0 || strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("version -o table: exit %d\n%s\nwant the rows %q", res.Code, res.Stdout, want)
	}
	r.Run("version", "-o", "csv", "--no-headers").Expect(t, 0,
		"1.2.3,,,"+runtime.Version()+","+runtime.GOOS+"/"+runtime.GOARCH+"\n", "")
}

// The date is the commit's (vcs.time, or GoReleaser's .CommitDate), not
// the build's: the table says so.
func TestVersionTableLabelsTheCommitDate(t *testing.T) {
	var b strings.Builder
	v := versionInfo{Version: "1.2.3", Commit: "abc", Date: "2026-11-22T05:00:00Z", Go: "go1.0", Platform: "linux/amd64"}
	if err := output.Write(&b, versionData(v), output.Options{Format: format.Table}); err != nil {
		t.Fatal(err)
	}
	want := "Version:      1.2.3\nCommit:       abc\nCommit date:  2026-11-22T05:00:00Z\nGo:           go1.0\nPlatform:     linux/amd64\n"
	if b.String() != want {
		t.Errorf("version table:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestVersionTableInRussian: the keys of version's table are said in the
// run's language; the data formats are the same in both.
func TestVersionTableInRussian(t *testing.T) {
	r := newRunner(t)
	r.Env["LANG"] = "ru_RU.UTF-8"
	r.Run("version", "-o", "table").Expect(t, 0, apitest.Lines(
		"Версия:     1.2.3",
		"Go:         "+runtime.Version(),
		"Платформа:  "+runtime.GOOS+"/"+runtime.GOARCH), "")
	var b strings.Builder
	v := versionInfo{Version: "1.2.3", Commit: "abc", Date: "2026-11-22T05:00:00Z", Go: "go1.0", Platform: "linux/amd64"}
	if err := output.Write(&b, versionData(v), output.Options{Format: format.Table, Say: i18n.New(i18n.Russian)}); err != nil {
		t.Fatal(err)
	}
	want := "Версия:        1.2.3\nКоммит:        abc\nДата коммита:  2026-11-22T05:00:00Z\nGo:            go1.0\nПлатформа:     linux/amd64\n"
	if b.String() != want {
		t.Errorf("version table:\n%s\nwant:\n%s", b.String(), want)
	}
	ru := r.Run("version", "-o", "csv")
	r.Env["LANG"] = "C"
	if en := r.Run("version", "-o", "csv"); en.Stdout != ru.Stdout || en.Code != 0 {
		t.Errorf("version -o csv: %q in English, %q in Russian; want the same", en.Stdout, ru.Stdout)
	}
}

// -v is not --version: kubectl and others use it for verbosity.
func TestVersionHasNoShorthand(t *testing.T) {
	if IsVersionOnly([]string{"-v"}) {
		t.Error(`isVersionOnly("-v") = true, want false`)
	}
	r := newRunner(t)
	r.Run("-v").Expect(t, 2, "", "promoctl: unknown shorthand flag: 'v' in -v\n")
	r.Run("--version").Expect(t, 0, "promoctl 1.2.3\n", "")
}

func TestRunVersion(t *testing.T) {
	b := cmdutil.Build{Version: "1.2.3", Commit: "abc", Date: "2026-11-22T05:00:00Z"}
	for _, c := range []struct {
		name   string
		opts   versionOptions
		err    string
		stdout string
	}{
		{name: "the line", stdout: "promoctl 1.2.3 (commit abc, commit date 2026-11-22T05:00:00Z)\n"},
		{name: "--jq implies JSON", opts: versionOptions{JQ: ".commit"}, stdout: "abc\n"},
		{name: "csv without a header", opts: versionOptions{Output: "csv", NoHeaders: true},
			stdout: "1.2.3,abc,2026-11-22T05:00:00Z," + runtime.Version() + "," + runtime.GOOS + "/" + runtime.GOARCH + "\n"},
		{name: "--jq with csv", opts: versionOptions{Output: "csv", JQ: "."}, err: "--jq works with --output json, not csv"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ios, _, out, errOut := iostreams.Test()
			opts := c.opts
			opts.IO, opts.Build = ios, b
			err := runVersion(context.Background(), &opts)
			if got := fmt.Sprint(err); (err != nil || c.err != "") && got != c.err {
				t.Errorf("runVersion returned %v, want %q", err, c.err)
			}
			if out.String() != c.stdout || errOut.Len() != 0 {
				t.Errorf("stdout %q, stderr %q; want stdout %q and no stderr", out, errOut, c.stdout)
			}
		})
	}
}
