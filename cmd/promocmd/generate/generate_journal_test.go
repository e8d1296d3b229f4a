package generate

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/bulk"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/promo"
)

// TestResumeTrustsOnlyTheUsersOwnJob: promo generate --resume refuses,
// with exit 2 and nothing sent, a journal whose job went to another base
// URL or user than the current settings point at, and a journal others
// may write (planted by another local user); a journal of an older
// promoctl, without base URL and user, is resumed with a warning.
func TestResumeTrustsOnlyTheUsersOwnJob(t *testing.T) {
	e, g, _ := newGenEnv(t, format.JSON)
	base := e.Sess.Settings.BaseURL
	dir := t.TempDir()
	enabled := true
	journal := func(name string, h bulk.Header, mode os.FileMode) string {
		t.Helper()
		path := filepath.Join(dir, name)
		h.Job, h.Kind, h.SiteID = name, "generate", 1
		h.Template = &promo.CreateBody{IsEnabled: &enabled}
		h.Generate = &bulk.GenerateParams{Count: 1}
		j, err := bulk.Create(path, h, bulk.CreateOps([]string{"PLANTED1"}))
		if err != nil {
			t.Fatal(err)
		}
		j.Close()
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
		return path
	}
	refused := []struct {
		path, want string
	}{
		{journal("user.jsonl", bulk.Header{BaseURL: base, UserID: 7}, 0o600),
			"the journal is of another server, user or site: its user id is 7, the current one 42; resume it with the settings it was started with (--profile, --base-url, --user-id)"},
		{journal("base.jsonl", bulk.Header{BaseURL: "https://shop.example", UserID: 42}, 0o600),
			"the journal is of another server, user or site: its base URL is https://shop.example, the current one " + base + "; resume it with the settings it was started with (--profile, --base-url, --user-id)"},
	}
	planted := journal("planted.jsonl", bulk.Header{BaseURL: base, UserID: 42}, 0o666)
	refused = append(refused, struct{ path, want string }{planted,
		"open journal " + planted + ": other users may change it (mode 0666): it would run what they wrote; if it is yours and unchanged, chmod 600 " + planted})
	for _, c := range refused {
		err := runPromoGenerate(context.Background(), &promoGenerateOptions{Session: e.Sess, Resume: c.path, Getenv: os.Getenv})
		want := "--resume " + c.path + ": " + c.want
		if c.path == planted {
			want = "--resume: " + c.want
		}
		if err == nil || err.Error() != want {
			t.Errorf("%s:\n got %v\nwant %s", filepath.Base(c.path), err, want)
		}
		if got := cmdutil.ExitCode(err); got != cmdutil.ExitUsage {
			t.Errorf("%s: exit code %d, want 2", filepath.Base(c.path), got)
		}
	}
	if n := len(e.API.Requests()); n != 0 {
		t.Fatalf("refused resumes sent %d requests: %q", n, e.API.Routes())
	}

	old := journal("old.jsonl", bulk.Header{}, 0o600)
	if err := runPromoGenerate(context.Background(), &promoGenerateOptions{Session: e.Sess, Resume: old, Getenv: os.Getenv}); err != nil {
		t.Fatalf("old journal: %v\n%s", err, e.Stderr)
	}
	wantWarn := "promoctl: warning: the journal of job old.jsonl names no base URL or user (an older promoctl wrote it): it resumes on site 1 with the current settings, unchecked\n"
	if !strings.HasPrefix(e.Stderr.String(), wantWarn) {
		t.Errorf("stderr:\n%s\nwant it to start with:\n%s", e.Stderr, wantWarn)
	}
	if made, _ := g.made(0); len(made) != 1 {
		t.Errorf("old journal's resume created %d codes, want 1", len(made))
	}
}

// TestNewJobsRecordWhereTheyGo: the journal of a new job names the base
// URL and user id its requests went to.
func TestNewJobsRecordWhereTheyGo(t *testing.T) {
	e, _, opts := newGenEnv(t, format.JSON)
	opts.Count, opts.Changes = 2, promo.Changes{Enabled: cmdtest.Ptr(true), Amount: cmdtest.Ptr(3.0)}
	if err := runPromoGenerate(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	h, _, err := bulk.ReadFile(opts.Journal)
	if err != nil || h.BaseURL != e.Sess.Settings.BaseURL || h.UserID != 42 || h.SiteID != 1 {
		t.Errorf("header = %+v, %v; want base URL %s, user 42, site 1", h, err, e.Sess.Settings.BaseURL)
	}
}
