package cmd

import (
	"path/filepath"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
	"github.com/promoctl/promoctl/internal/sandbox"
)

// TestSandboxConfigExplainOpensNoData: config explain with --sandbox says
// the sandbox's settings without its data file, so it answers at once
// while another promoctl (sandbox serve) holds the file.
func TestSandboxConfigExplainOpensNoData(t *testing.T) {
	r := newBareRunner(t)
	store, err := sandbox.Open(t.Context(), filepath.Join(r.Env["XDG_STATE_HOME"], "promoctl", "sandbox.db"), sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	rows := cmdtest.ExplainRows(t, r, "--sandbox", "--timeout", "1ms", "-o", "json")
	if got, want := rows["base_url"], (cmdtest.ExplainRow{Setting: "base_url", Value: "http://sandbox.localhost", Source: "flag", From: "--sandbox"}); got != want {
		t.Errorf("base_url = %+v, want %+v", got, want)
	}
}

// TestConfigExplainNamesTheLocale: a language the locale chose is said to
// come from the variable that chose it.
func TestConfigExplainNamesTheLocale(t *testing.T) {
	r := newBareRunner(t)
	r.Env["LC_ALL"] = ""
	r.Env["LANG"] = "ru_RU.UTF-8"
	rows := cmdtest.ExplainRows(t, r, "-o", "json")
	if got, want := rows["language"], (cmdtest.ExplainRow{Setting: "language", Value: "ru", Source: "env", From: "LANG"}); got != want {
		t.Errorf("language = %+v, want %+v", got, want)
	}
	r.Env["PROMOCTL_LANG"] = "en"
	rows = cmdtest.ExplainRows(t, r, "-o", "json")
	if got, want := rows["language"], (cmdtest.ExplainRow{Setting: "language", Value: "en", Source: "env", From: "PROMOCTL_LANG"}); got != want {
		t.Errorf("language = %+v, want %+v", got, want)
	}
}
