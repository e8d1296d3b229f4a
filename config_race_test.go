package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"go.yaml.in/yaml/v3"
)

// These tests start many promoctl processes at once (the real program:
// this test binary, which TestMain installs on PATH as promoctl) that all
// change one config file, and check that no change is lost.

// parallelEnv is the environment of promoctl runs sharing one home.
func parallelEnv(home string) []string {
	return []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"),
		"PROMOCTL_NO_KEYRING=1",
		"GORACE=" + os.Getenv("GORACE"),
	}
}

// runParallel runs promoctl once per args at the same time, each with
// its own stdin, and fails t when any run does not exit 0.
func runParallel(t *testing.T, env []string, stdin string, runs [][]string) {
	t.Helper()
	bin := promoctlPath(t)
	var wg sync.WaitGroup
	errs := make([]string, len(runs))
	for i, args := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(bin, args...)
			cmd.Env = env
			cmd.Stdin = strings.NewReader(stdin)
			out, err := cmd.CombinedOutput()
			if err != nil {
				errs[i] = fmt.Sprintf("promoctl %s: %v\n%s", strings.Join(args, " "), err, out)
			}
		}()
	}
	wg.Wait()
	for _, e := range errs {
		if e != "" {
			t.Error(e)
		}
	}
}

// readProfiles decodes the config file of home.
func readProfiles(t *testing.T, home string) map[string]map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(home, ".config", "promoctl", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Profiles map[string]map[string]string `yaml:"profiles"`
	}
	if err := yaml.Unmarshal(data, &f); err != nil {
		t.Fatalf("config file is not valid YAML: %v\n%s", err, data)
	}
	return f.Profiles
}

func TestParallelLoginsKeepEveryProfile(t *testing.T) {
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet || r.URL.Path != "/v3/public/site" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, "[]")
	}))
	defer api.Close()
	home := t.TempDir()
	const n = 20
	var runs [][]string
	for i := range n {
		runs = append(runs, []string{"auth", "login", "--with-token", "--user-id", fmt.Sprint(100 + i),
			"--base-url", api.URL, "--profile", fmt.Sprintf("p%d", i)})
	}
	runParallel(t, parallelEnv(home), "key-0123456789\n", runs)

	profiles := readProfiles(t, home)
	if len(profiles) != n {
		t.Errorf("config file has %d profiles, want %d", len(profiles), n)
	}
	for i := range n {
		p := profiles[fmt.Sprintf("p%d", i)]
		if p["user_id"] != fmt.Sprint(100+i) || p["token"] != "key-0123456789" || p["base_url"] != api.URL {
			t.Errorf("profile p%d = %v, want its user id, key and base URL", i, p)
		}
	}
}

func TestParallelConfigSetsKeepEveryValue(t *testing.T) {
	home := t.TempDir()
	values := map[string]string{
		"base_url": "https://api.example.test",
		"user_id":  "7",
		"site_id":  "11111",
		"output":   "json",
		"timeout":  "45s",
	}
	const nProfiles = 4
	var runs [][]string
	for i := range nProfiles {
		for k, v := range values {
			runs = append(runs, []string{"config", "set", k, v, "--profile", fmt.Sprintf("s%d", i)})
		}
	}
	runParallel(t, parallelEnv(home), "", runs)

	profiles := readProfiles(t, home)
	for i := range nProfiles {
		name := fmt.Sprintf("s%d", i)
		for k, v := range values {
			if got := profiles[name][k]; got != v {
				t.Errorf("profile %s: %s = %q, want %q (config file: %v)", name, k, got, v, profiles)
			}
		}
	}
}
