package cmdtest

import (
	"regexp"
	"strings"
	"testing"
)

// BadInput is a mistaken call of promoctl: it must exit 2 with one line on
// stderr, print nothing on stdout and send nothing to the API.
type BadInput struct {
	Name   string
	Args   []string
	Env    map[string]string // added to the runner's environment; "" unsets
	Stdin  string
	Stderr string
}

func RunBadInputsWith(t *testing.T, newRunner func(*testing.T) *Runner, cases []BadInput) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			r := newRunner(t)
			for k, v := range c.Env {
				if v == "" {
					delete(r.Env, k)
				} else {
					r.Env[k] = v
				}
			}
			r.Stdin = c.Stdin
			res := r.Run(c.Args...)
			res.Expect(t, 2, "", c.Stderr+"\n")
			r.ExpectNoRequests(t)
		})
	}
}

// CreatedJSON is the 201 answer of a create: the single record, no id.
const CreatedJSON = `{"code":"SUMMER25","is_enabled":false,"bonus_type":2,"bonus_amount":0.01,"bonus_amount_is_in_percentages":false,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`

func Ptr[T any](v T) *T { return &v }

// selectList has one promo code of each status at verbClock
// (2026-07-01 12:00 UTC), and three active ones that end at different
// times; 2007 has the type drift of the wild (id and count as strings).
var SelectItems = []string{
	`{"id":2001,"code":"OFF10","is_enabled":false,"time_limit_is_enabled":false,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":false}`,
	`{"id":2002,"code":"OLDSUMMER","is_enabled":true,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-06-30T21:00:00.000Z","quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":4,"is_valid":false}`,
	`{"id":2003,"code":"GONE5","is_enabled":true,"time_limit_is_enabled":false,"quantity_limit_is_enabled":true,"quantity_limit":5,"promo_used_count":5,"is_valid":false}`,
	`{"id":2004,"code":"SOON","is_enabled":true,"time_limit_is_enabled":true,"d_on":"2026-08-01T00:00:00.000Z","d_off":"2026-09-01T00:00:00.000Z","quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":0,"is_valid":false}`,
	`{"id":2005,"code":"WEEKSALE","is_enabled":true,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-07-05T00:00:00.000Z","quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":2,"is_valid":true}`,
	`{"id":2006,"code":"Summer26","is_enabled":true,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00.000Z","d_off":"2026-07-02T00:00:00.000Z","quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":7,"is_valid":true}`,
	`{"id":"2007","code":"ALWAYS","is_enabled":1,"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"promo_used_count":"12","is_valid":true}`,
}

var SelectListJSON = "[" + strings.Join(SelectItems, ",") + "]"

const WizardCreatedJSON = `{"code":"SUMMER25","is_enabled":true,"bonus_type":2,"bonus_amount":25,"bonus_amount_is_in_percentages":true,` +
	`"time_limit_is_enabled":false,"d_on":null,"d_off":null,"quantity_limit_is_enabled":false,"quantity_limit":0,"personal_limit_is_enabled":false}`

func AnswerLines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }

// AnsiSGR matches the colour sequences the palette draws.
var AnsiSGR = regexp.MustCompile("\x1b\\[[0-9;]*m")
