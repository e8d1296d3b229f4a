package api

import (
	"errors"
	"net"
	"net/url"
	"os"
	"syscall"
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
)

// TestConnErrorSaysTheFailuresPeopleMeetFirst: a host name that does not
// resolve and a server that refuses connections are said as such, in
// either language; any other network failure keeps the network's words.
func TestConnErrorSaysTheFailuresPeopleMeetFirst(t *testing.T) {
	refused := &url.Error{Op: "Get", URL: "http://127.0.0.1:1/v1/promo", Err: &net.OpError{Op: "dial", Net: "tcp",
		Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}}
	noHost := &url.Error{Op: "Get", URL: "https://shop.invalid/v1/promo", Err: &net.OpError{Op: "dial", Net: "tcp",
		Err: &net.DNSError{Err: "no such host", Name: "shop.invalid", IsNotFound: true}}}
	other := &url.Error{Op: "Get", URL: "https://shop.example/v1/promo", Err: errors.New("tls: handshake failure")}
	ru := i18n.New(i18n.Russian)
	for _, c := range []struct {
		err    error
		en, ru string
	}{
		{refused, "cannot reach the server: 127.0.0.1:1 refuses connections (is the base URL right, and is the server running?)",
			"нет связи с сервером: 127.0.0.1:1 не принимает соединения (верен ли адрес API и запущен ли сервер?)"},
		{noHost, "cannot reach the server: there is no host named shop.invalid (check the base URL)",
			"нет связи с сервером: узла с именем shop.invalid нет (проверьте адрес API)"},
		{other, `cannot reach the server: Get "https://shop.example/v1/promo": tls: handshake failure`,
			`нет связи с сервером: Get "https://shop.example/v1/promo": tls: handshake failure`},
	} {
		e := &connError{err: c.err}
		if got := e.Error(); got != c.en {
			t.Errorf("Error() = %q, want %q", got, c.en)
		}
		if got := ru.ErrorText(e); got != c.ru {
			t.Errorf("in Russian: %q, want %q", got, c.ru)
		}
		if !errors.Is(e, c.err) {
			t.Errorf("%v does not wrap the network's error", e)
		}
	}
}
