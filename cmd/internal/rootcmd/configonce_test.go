package rootcmd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
)

// TestConfigFileIsReadOncePerRun: the language's choice, made before the
// flags are parsed, reads the config file, and the settings use what it
// read: the file is gone by then, and the settings still have its
// profile.
func TestConfigFileIsReadOncePerRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte("current_profile: shop\nprofiles:\n  shop:\n    language: ru\n    site_id: 7\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ios, _, _, _ := iostreams.Test()
	env := func(string) (string, bool) { return "", false }
	f := cmdutil.NewFactory(cmdutil.Options{IO: ios, Env: env})
	args := []string{"--config", path, "promo", "list"}
	lang, doc := decideLanguage(args, f.Env)
	if lang != i18n.Russian || doc == nil {
		t.Fatalf("language %q, doc %v: want Russian from the profile, and the file read", lang, doc)
	}
	f.Begin(lang, doc)
	root := New(f)
	if err := root.ParseFlags(args[:2]); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	s, err := f.Settings(root)
	if err != nil {
		t.Fatal(err)
	}
	if s.Profile != "shop" || s.SiteID != 7 {
		t.Errorf("settings: profile %q, site %d; want shop and 7, as the file read once said", s.Profile, s.SiteID)
	}
}
