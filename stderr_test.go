package main

import (
	"bufio"
	"bytes"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestNothingFromNetHTTPReachesStderr: a server that sends a body with a
// 204 leaves bytes on a kept-alive connection, and Go's transport logs
// "Unsolicited response received on idle HTTP channel…" through the
// standard logger, to stderr. promoctl's stderr is its own: one line of
// text or one JSON object, here nothing at all.
func TestNothingFromNetHTTPReachesStderr(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer conn.Close()
				br := bufio.NewReader(conn)
				for {
					line, err := br.ReadString('\n')
					if err != nil {
						return
					}
					if line == "\r\n" {
						// The end of the request's header: answer 204 with
						// a body it must not have, and keep the connection.
						conn.Write([]byte("HTTP/1.1 204 No Content\r\n\r\n{\"deleted\":true}\n"))
					}
				}
			}()
		}
	}()
	home := t.TempDir()
	// The transport's log races with the end of the process: try a few
	// times, so that it shows if it can (it shows on the first, with or
	// without -race, when promoctl lets the standard logger write).
	for range 5 {
		cmd := exec.Command("promoctl", "promo", "delete", "5", "--yes", "-o", "json")
		cmd.Env = []string{
			"HOME=" + home,
			"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
			"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"),
			"PATH=/usr/bin:/bin",
			"PROMOCTL_BASE_URL=http://" + ln.Addr().String(),
			"PROMOCTL_TOKEN=tok-SECRET-123456",
			"PROMOCTL_USER_ID=42",
			"GORACE=" + os.Getenv("GORACE"),
		}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Errorf("promoctl promo delete: %v", err)
		}
		// The outcome's line, and nothing of net/http's.
		if stdout.String() != "" || stderr.String() != "Deleted promo code 5.\n" {
			t.Fatalf("stdout %q, stderr %q; want nothing on stdout and the outcome on stderr", stdout.String(), stderr.String())
		}
	}
}
