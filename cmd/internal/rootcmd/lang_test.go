package rootcmd

import (
	"os"
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
)

// TestLanguageFromProfile: the active profile's language is the run's when
// PROMOCTL_LANG is not set, and --profile chooses the profile before the
// flags are parsed.
func TestLanguageFromProfile(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/config.yaml"
	if err := os.WriteFile(path, []byte("current_profile: shop\nprofiles:\n  shop:\n    language: ru\n  other:\n    language: en\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := func(m map[string]string) func(string) (string, bool) {
		return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
	}
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want i18n.Lang
	}{
		{[]string{"--config", path, "promo", "--help"}, nil, i18n.Russian},
		{[]string{"promo", "--help"}, map[string]string{"PROMOCTL_CONFIG": path}, i18n.Russian},
		{[]string{"--config=" + path, "--profile", "other", "promo"}, map[string]string{"LANG": "ru_RU.UTF-8"}, i18n.English},
		{[]string{"--config", path}, map[string]string{"PROMOCTL_LANG": "en"}, i18n.English},
		{[]string{"--config", dir + "/none.yaml"}, map[string]string{"LANG": "ru_RU.UTF-8"}, i18n.Russian},
		{[]string{"--", "--config", path}, nil, i18n.English},
	} {
		if got, _ := decideLanguage(tc.args, env(tc.env)); got != tc.want {
			t.Errorf("decideLanguage(%q, %v) = %s, want %s", tc.args, tc.env, got, tc.want)
		}
	}
}
