package promocmd

import (
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/promoctl/promoctl/cmd/internal/cmdtest"
)

const oneObject = ": a promo code file holds one object"

// TestPromoFileHoldsExactlyOneObject: a -f file is one JSON or YAML
// object. Anything after it (a second object, NDJSON, a second YAML
// document, stray text) is refused, not silently ignored.
func TestPromoFileHoldsExactlyOneObject(t *testing.T) {
	cases := []struct {
		name, content, stderr string // stderr after "promoctl: --file PATH: "
	}{
		{"two JSON objects", `{"code":"FIRST1"} {"code":"SECOND2"}`, "more than one object" + oneObject},
		{"NDJSON", "{\"code\":\"FIRST1\"}\n{\"code\":\"SECOND2\"}\n", "more than one object" + oneObject},
		{"JSON then garbage", `{"code":"FIRST1"} xyz`, "unexpected text after the object on line 1" + oneObject},
		{"JSON then bracket", "{\"code\":\"FIRST1\"}\n\n]\n", "unexpected text after the object on line 3" + oneObject},
		{"YAML flow then garbage", `{code: FIRST1} xyz`, "unexpected text after the object" + oneObject},
		{"two YAML documents", "code: FIRST1\n---\ncode: SECOND2\n", "more than one YAML document" + oneObject},
		{"an empty second YAML document", "code: FIRST1\n---\n", "more than one YAML document" + oneObject},
	}
	for _, c := range cases {
		for _, verb := range [][]string{{"promo", "create", "--site-id", "7"}, {"promo", "update", "5"}} {
			t.Run(verb[1]+" "+c.name, func(t *testing.T) {
				r := newRunner(t)
				p := cmdtest.WriteFile(t, "promo.json", c.content)
				res := r.Run(append(verb, "-f", p)...)
				res.Expect(t, 2, "", "promoctl: --file "+p+": "+c.stderr+"\n")
				r.ExpectNoRequests(t)
			})
		}
	}
	t.Run("stdin NDJSON", func(t *testing.T) {
		r := newRunner(t)
		r.Stdin = "{\"code\":\"FIRST1\"}\n{\"code\":\"SECOND2\"}\n"
		res := r.Run("promo", "create", "--site-id", "7", "-f", "-")
		res.Expect(t, 2, "", "promoctl: --file -: more than one object"+oneObject+"\n")
		r.ExpectNoRequests(t)
	})
}

// TestPromoFileOneObjectInItsForms: what a single object may carry around
// it is still read: blank lines, comments, YAML's document markers.
func TestPromoFileOneObjectInItsForms(t *testing.T) {
	for name, content := range map[string]string{
		"JSON with trailing lines":     "{\"code\":\"ONE1\",\"bonus_amount\":5}\n\n\n",
		"JSON with a comment after":    "{\"code\":\"ONE1\",\"bonus_amount\":5}\n# done\n",
		"YAML with a document start":   "---\ncode: ONE1\nbonus_amount: 5\n",
		"YAML with start and end":      "---\ncode: ONE1\nbonus_amount: 5\n...\n",
		"YAML with a trailing comment": "code: ONE1\nbonus_amount: 5\n# the end\n",
	} {
		t.Run(name, func(t *testing.T) {
			r := newRunner(t)
			r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
			res := r.Run("promo", "create", "--site-id", "7", "-f", cmdtest.WriteFile(t, "promo", content), "-o", "json")
			res.Expect(t, 0, cmdtest.CreatedJSON+"\n", disabledStderr("7"))
			reqs := r.ExpectRoutes(t, "POST /v1/promo")
			cmdtest.ExpectJSONBody(t, reqs[0], `{"site_id":7,"user_id":42,"code":"ONE1","bonus_amount":5}`)
		})
	}
}

// padTo makes a YAML file of exactly n bytes: head, a comment filling the
// room, then tail.
func padTo(n int, head, tail string) string {
	pad := n - len(head) - len(tail) - 2
	return head + "#" + strings.Repeat("x", pad) + "\n" + tail
}

func TestPromoFileSizeLimit(t *testing.T) {
	const limit = 1 << 20
	t.Run("stdin at the limit", func(t *testing.T) {
		r := newRunner(t)
		r.API.Handle("POST /v1/promo", http.StatusCreated, cmdtest.CreatedJSON)
		r.Stdin = padTo(limit, "code: BIG1\n", "bonus_amount: 5\n")
		res := r.Run("promo", "create", "--site-id", "7", "-f", "-", "-o", "json")
		res.Expect(t, 0, cmdtest.CreatedJSON+"\n", disabledStderr("7"))
		reqs := r.ExpectRoutes(t, "POST /v1/promo")
		cmdtest.ExpectJSONBody(t, reqs[0], `{"site_id":7,"user_id":42,"code":"BIG1","bonus_amount":5}`)
	})
	t.Run("stdin over the limit", func(t *testing.T) {
		// One byte more: the field at the end must not be dropped
		// silently; the file is refused.
		r := newRunner(t)
		r.Stdin = padTo(limit+1, "code: BIG1\n", "bonus_amount: 5\n")
		res := r.Run("promo", "create", "--site-id", "7", "-f", "-")
		res.Expect(t, 2, "", "promoctl: --file - is larger than 1 MiB"+oneObject+"\n")
		r.ExpectNoRequests(t)
	})
	t.Run("path over the limit", func(t *testing.T) {
		r := newRunner(t)
		p := cmdtest.WriteFile(t, "promo.yaml", padTo(limit+1, "code: BIG1\n", "bonus_amount: 5\n"))
		res := r.Run("promo", "update", "5", "-f", p)
		res.Expect(t, 2, "", "promoctl: --file "+p+" is larger than 1 MiB"+oneObject+"\n")
		r.ExpectNoRequests(t)
	})
	t.Run("huge path is not read whole", func(t *testing.T) {
		// 300 MiB, sparse: refused after reading just over 1 MiB of it.
		r := newRunner(t)
		p := cmdtest.SparseFile(t, 300<<20)
		res := r.Run("promo", "create", "--site-id", "7", "-f", p)
		res.Expect(t, 2, "", "promoctl: --file "+p+" is larger than 1 MiB"+oneObject+"\n")
		r.ExpectNoRequests(t)
	})
	t.Run("huge stdin is not read whole", func(t *testing.T) {
		// 300 MiB on stdin: what was read says it was refused after
		// just over 1 MiB (the same reader serves a path).
		r := newRunner(t)
		in := &countingReader{r: io.MultiReader(strings.NewReader("code: BIG1\n#"), io.LimitReader(xs{}, 300<<20))}
		r.StdinFrom = in
		res := r.Run("promo", "create", "--site-id", "7", "-f", "-")
		res.Expect(t, 2, "", "promoctl: --file - is larger than 1 MiB"+oneObject+"\n")
		r.ExpectNoRequests(t)
		if n := in.n.Load(); n > limit+1<<20 {
			t.Errorf("read %d bytes of stdin, want the file refused after just over 1 MiB", n)
		}
	})
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// xs is an endless run of the letter x.
type xs struct{}

func (xs) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

// disabledStderr is what a create that does not name --enabled writes to
// stderr when the server answers createdJSON (disabled, no id).
func disabledStderr(site string) string {
	return "promoctl: warning: promo code SUMMER25 was created disabled (the API's default); enable it with: " +
		"promoctl promo update ID --enabled (promoctl promo list --site-id " + site + " shows the ID)\n"
}
