package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/quietinit"
	"github.com/rogpeppe/go-internal/testscript"
)

// The end-to-end suite: each testdata/script/*.txtar runs the real promoctl
// main against the sandbox, in a work folder of its own with its own HOME,
// XDG folders and sandbox data.
//
//	go test -run TestScripts/promo_crud .    # one script
//	go test -run TestScripts . -testwork     # keep the work folders

func TestMain(m *testing.M) {
	// This binary is promoctl too (main is linked in): give the tests their
	// standard output back.
	quietinit.Release()
	os.Setenv("GORACE", childGORACE(os.Getenv("GORACE")))
	testscript.Main(removingBuilds{m}, map[string]func(){"promoctl": main})
}

// removingBuilds runs the tests, then removes what buildPromoctl built.
type removingBuilds struct{ m *testing.M }

func (r removingBuilds) Run() int {
	code := r.m.Run()
	builtDirs.Range(func(dir, _ any) bool {
		os.RemoveAll(dir.(string))
		return true
	})
	return code
}

// childGORACE is the GORACE of the promoctl processes the tests start
// (this test binary, built with -race under CI): the same options, and no
// sleep at exit. The race detector's default sleeps a second in every
// process before it exits (atexit_sleep_ms=1000), in case another goroutine
// is about to race; the suite runs promoctl some 300 times, so that second
// was most of its time. A race found while promoctl runs still fails its
// test: the process exits 66, and every test checks the exit code. (What
// the sleep would also let show, a goroutine still writing to stderr as
// the process exits, TestNothingFromNetHTTPReachesStderr sees without it.)
func childGORACE(gorace string) string {
	if strings.Contains(gorace, "atexit_sleep_ms") {
		return gorace // asked for by whoever runs the tests
	}
	return strings.TrimSpace(gorace + " atexit_sleep_ms=0")
}

func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Setup: func(e *testscript.Env) error {
			home := filepath.Join(e.WorkDir, "home")
			e.Setenv("HOME", home)
			e.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
			e.Setenv("XDG_STATE_HOME", filepath.Join(home, ".local", "state"))
			e.Setenv("TZ", "UTC")
			e.Setenv("NO_COLOR", "1")
			// The config file keeps the API key: a script never touches the
			// keychain of the machine it runs on.
			e.Setenv("PROMOCTL_NO_KEYRING", "1")
			e.Setenv("GORACE", os.Getenv("GORACE"))
			addr, err := freeAddr()
			if err != nil {
				return err
			}
			e.Setenv("SANDBOX_ADDR", addr)
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"waitserver": waitServer,
		},
	})
}

// freeAddr returns a loopback address with a port nobody listens on.
func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

// waitServer waits until something answers HTTP at the address.
func waitServer(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: waitserver ADDR")
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := http.Get(fmt.Sprintf("http://%s/", args[0]))
		if err == nil {
			resp.Body.Close()
			if neg {
				ts.Fatalf("server at %s answers", args[0])
			}
			return
		}
		if time.Now().After(deadline) {
			if neg {
				return
			}
			ts.Fatalf("no server at %s after 10s: %v", args[0], err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
