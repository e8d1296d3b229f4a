package cmdtest

import (
	"net"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/promoctl/promoctl/internal/sandbox"
)

// ServeSandbox serves a sandbox on a data file of its own over loopback
// HTTP, as 'promoctl sandbox serve' does, and returns its URL.
func ServeSandbox(t *testing.T) string {
	t.Helper()
	store, err := sandbox.Open(t.Context(), filepath.Join(t.TempDir(), "served.db"), sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(sandbox.NewHandler(store, sandbox.HandlerOptions{}))
	t.Cleanup(func() {
		srv.Close()
		store.Close()
	})
	return srv.URL
}

// RealProfileConfig is a config file for the real service, with every
// setting the sandbox must not take.
const RealProfileConfig = `current_profile: default
profiles:
  default:
    base_url: https://api.lpmotor.ru
    token: ` + TestToken + `
    user_id: 7
    site_id: 11111
`

// FreeAddr returns a loopback address with a port that was free a moment
// ago.
func FreeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

func SandboxBanner(addr, data string) string {
	return "promoctl sandbox listening on http://" + addr + "\n" +
		"data file: " + data + "\n" +
		"credentials:\n" +
		"  user id 1, token sandbox (can view sites 1 and 2)\n" +
		"  user id 2, token sandbox-2 (owns site 3)\n" +
		"try: promoctl --base-url http://" + addr + " --user-id 1 --token sandbox promo list --site-id 1\n" +
		"press Ctrl-C to stop\n"
}
