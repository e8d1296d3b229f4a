package cmd

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/promoctl/promoctl/internal/iostreams"
)

// The performance budget of docs/performance.md: `promo list` of 100,000
// promo codes (~31 MiB) against a loopback server, as JSON and as a table,
// next to a plain download of the same response (what curl does).
//
//	go test ./cmd -run '^$' -bench PromoList100k -benchmem

// bigList returns a list of n promo codes shaped like the API's, about
// 320 bytes each.
var bigList = sync.OnceValue(func() []byte {
	const n = 100_000
	var b strings.Builder
	b.Grow(n * 330)
	b.WriteByte('[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		timed := i%4 == 0
		on, off := "null", "null"
		if timed {
			on, off = `"2026-06-01T00:00:00.000Z"`, `"2026-08-31T20:59:59.000Z"`
		}
		fmt.Fprintf(&b, `{"id":%d,"code":"SUMMERSALE%05d","pos":%d,"is_enabled":%t,"bonus_type":%d,"bonus_amount":%d,`+
			`"bonus_amount_is_in_percentages":%t,"time_limit_is_enabled":%t,"d_on":%s,"d_off":%s,`+
			`"quantity_limit_is_enabled":%t,"quantity_limit":%d,"promo_used_count":%d,"is_valid":%t}`,
			100000+i, i, i+1, i%2 == 0, 2+i%2, 1+i%90, i%3 == 0, timed, on, off, i%5 == 0, 100*(i%5), i%7, i%2 == 0)
	}
	b.WriteByte(']')
	return []byte(b.String())
})

func bigListServer(b *testing.B) *httptest.Server {
	body := bigList()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body)
	}))
	b.Cleanup(srv.Close)
	return srv
}

// BenchmarkDownload100k is the yardstick: a plain GET of the list, read to
// the end and thrown away, as curl -o /dev/null does.
func BenchmarkDownload100k(b *testing.B) {
	srv := bigListServer(b)
	b.SetBytes(int64(len(bigList())))
	for b.Loop() {
		resp, err := http.Get(srv.URL + "/v1/promo?site_id=1")
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

func benchPromoList(b *testing.B, args ...string) {
	srv := bigListServer(b)
	b.SetBytes(int64(len(bigList())))
	env := map[string]string{"HOME": b.TempDir(), "PROMOCTL_BASE_URL": srv.URL, "PROMOCTL_TOKEN": "t", "PROMOCTL_USER_ID": "1"}
	for b.Loop() {
		ios, _, _, errOut := iostreams.Test()
		ios.Out = io.Discard
		code := Execute(context.Background(), append([]string{"promo", "list", "--site-id", "1"}, args...), Options{
			IO: ios, Env: func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		})
		if code != 0 {
			b.Fatalf("exit %d: %s", code, errOut)
		}
	}
}

func BenchmarkPromoList100kJSON(b *testing.B)  { benchPromoList(b, "-o", "json") }
func BenchmarkPromoList100kTable(b *testing.B) { benchPromoList(b) }
