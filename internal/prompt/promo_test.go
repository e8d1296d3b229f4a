package prompt

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promoform"
)

// The promo form is driven through huh's accessible mode: one answer a
// line, an empty line keeping the field's value, a Select answered with
// its 1-based number and a Confirm with y or n.

func moscow(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// lines joins answers, one a line.
func lines(answers ...string) string { return strings.Join(answers, "\n") + "\n" }

// runPromo runs the promo form on input and returns its answers and what
// it wrote.
func runPromo(t *testing.T, input string, form PromoForm) (PromoAnswers, string, error) {
	t.Helper()
	var out bytes.Buffer
	if form.Loc == nil {
		form.Loc = moscow(t)
	}
	h := &Huh{In: strings.NewReader(input), Out: &out, Accessible: true}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	a, err := h.Promo(ctx, form)
	return a, out.String(), err
}

func TestPromoFormEnterKeepsTheDefaults(t *testing.T) {
	// The code, then Enter through bonus type, unit, amount, enabled,
	// starts, ends, maximum uses and once per customer.
	a, out, err := runPromo(t, lines("SUMMER25", "", "", "", "", "", "", "", ""), PromoForm{Title: "New promo code", Values: promoform.Default()})
	if err != nil {
		t.Fatalf("Promo: %v\n%s", err, out)
	}
	want := promoform.Values{Code: "SUMMER25", BonusType: promo.Goods, Percent: true, Amount: "10", Enabled: true}
	if !reflect.DeepEqual(a.Values, want) || a.Site != 0 {
		t.Errorf("answers = %+v, want site 0 and %+v", a, want)
	}
	for _, prompt := range []string{"New promo code", "Code", "Discount on [goods]", "Discount as [percentage]", "Amount, % [10]",
		"Enabled [Y/n]", "Valid from [no start]", "Valid until [no end]", "Maximum uses [unlimited]", "Once per customer [y/N]"} {
		if !strings.Contains(out, prompt) {
			t.Errorf("the form did not ask %q:\n%s", prompt, out)
		}
	}
	c, err := a.Values.Changes(moscow(t))
	if err != nil {
		t.Fatal(err)
	}
	body := c.CreateBody(1, 0)
	if body.Code != "SUMMER25" || *body.BonusType != promo.Goods || *body.BonusAmount != 10 || !*body.BonusAmountIsInPercentages ||
		!*body.IsEnabled || *body.PersonalLimitIsEnabled || body.TimeLimitIsEnabled != nil || body.QuantityLimitIsEnabled != nil {
		t.Errorf("create body = %+v", body)
	}
}

func TestPromoFormAnswers(t *testing.T) {
	a, out, err := runPromo(t, lines("FREESHIP", "2", "2", "300", "n", "2026-12-01", "2026-12-31 23:59", "500", "y"),
		PromoForm{Values: promoform.Default()})
	if err != nil {
		t.Fatalf("Promo: %v\n%s", err, out)
	}
	want := promoform.Values{Code: "FREESHIP", BonusType: promo.Delivery, Percent: false, Amount: "300", Enabled: false,
		Starts: "2026-12-01", Ends: "2026-12-31 23:59", MaxUses: "500", OncePerUser: true}
	if !reflect.DeepEqual(a.Values, want) {
		t.Errorf("answers = %+v, want %+v", a.Values, want)
	}
	c, err := a.Values.Changes(moscow(t))
	if err != nil {
		t.Fatal(err)
	}
	// Dates are read in the form's zone: midnight in Moscow is 21:00 UTC.
	if got := promo.FormatAPI(*c.Starts); got != "2026-11-30T21:00:00.000Z" {
		t.Errorf("starts = %s, want 2026-11-30T21:00:00.000Z", got)
	}
	if got := promo.FormatAPI(*c.Ends); got != "2026-12-31T20:59:00.000Z" {
		t.Errorf("ends = %s, want 2026-12-31T20:59:00.000Z", got)
	}
	if *c.MaxUses != 500 {
		t.Errorf("max uses = %d, want 500", *c.MaxUses)
	}
}

// TestPromoFormRefusesWhatFlagsRefuse answers every field wrongly first:
// each is asked again with the reason, so no invalid promo code can come
// out of the form.
func TestPromoFormRefusesWhatFlagsRefuse(t *testing.T) {
	input := lines(
		"", "X", "SUMMER_25", "ПРОМО10", "SUMMER2025EXTRALONG", "SUMMER25", // code
		"3", "1", // bonus type: no third option
		"",                                             // percentage
		"abc", "0.001", "1e2", "0", "-5", "150", "100", // amount: money or a percentage with 2 decimals at most; a percentage is at most 100
		"maybe", "y", // enabled
		"tomorrow", "2026-12-10", // starts
		"2026-12-01", "2026-12-31", // ends: not before the start
		"0", "1.5", "lots", "1", // maximum uses
		"", // once per customer
	)
	a, out, err := runPromo(t, input, PromoForm{Values: promoform.Default()})
	if err != nil {
		t.Fatalf("Promo: %v\n%s", err, out)
	}
	want := promoform.Values{Code: "SUMMER25", BonusType: promo.Goods, Percent: true, Amount: "100", Enabled: true,
		Starts: "2026-12-10", Ends: "2026-12-31", MaxUses: "1"}
	if !reflect.DeepEqual(a.Values, want) {
		t.Errorf("answers = %+v, want %+v", a.Values, want)
	}
	for _, reason := range []string{
		"the code is empty",
		"the code must be 2 to 15 characters long, got 1",
		`the code may contain only Latin letters A-Z, a-z and digits 0-9, found '_' at position 7`,
		`found 'П' at position 1`,
		"Invalid: must be a number between 1 and 2",
		`"abc" is not an amount: use digits with at most 2 decimals, such as 25 or 9.99`,
		`"0.001" is not an amount`,
		`"1e2" is not an amount`,
		"must be a positive number, got 0",
		"must be a positive number, got -5",
		"a percentage must be at most 100, got 150",
		`cannot read date "tomorrow"`,
		"the end 2026-12-01 23:59:59 is before the start 2026-12-10 00:00",
		"the limit must be at least 1, got 0",
		`"1.5" is not a whole number`,
		`"lots" is not a whole number`,
	} {
		if !strings.Contains(out, reason) {
			t.Errorf("no %q in what the form said:\n%s", reason, out)
		}
	}
}

func TestPromoFormSiteChoice(t *testing.T) {
	sites := []Site{{ID: 11, Name: "Flower shop"}, {ID: 12}}
	t.Run("chosen", func(t *testing.T) {
		a, out, err := runPromo(t, lines("SUMMER25", "2", "", "", "", "", "", "", "", ""),
			PromoForm{Values: promoform.Default(), Sites: sites})
		if err != nil {
			t.Fatalf("Promo: %v\n%s", err, out)
		}
		if a.Site != 12 {
			t.Errorf("site = %d, want 12", a.Site)
		}
		for _, s := range []string{"Site [Flower shop (11)]", "1. Flower shop (11)", "2. Site 12"} {
			if !strings.Contains(out, s) {
				t.Errorf("no %q in the form:\n%s", s, out)
			}
		}
		// The code comes first.
		if strings.Index(out, "Code") > strings.Index(out, "Site") {
			t.Errorf("the site is asked before the code:\n%s", out)
		}
	})
	t.Run("default", func(t *testing.T) {
		a, out, err := runPromo(t, lines("SUMMER25", "", "", "", "", "", "", "", "", ""),
			PromoForm{Values: promoform.Default(), Sites: sites, Site: 12})
		if err != nil {
			t.Fatalf("Promo: %v\n%s", err, out)
		}
		if a.Site != 12 {
			t.Errorf("site = %d, want 12 (the one given)", a.Site)
		}
	})
}

// TestPromoFormFilledIn starts from given values, as update and create
// with flags do: Enter keeps each, and "none" empties an optional field.
func TestPromoFormFilledIn(t *testing.T) {
	start := promoform.Values{Code: "SUMMER25", BonusType: promo.Delivery, Percent: false, Amount: "150.5", Enabled: false,
		Starts: "2026-06-01 03:00", Ends: "2026-08-31 23:59", MaxUses: "100", OncePerUser: true}
	t.Run("kept", func(t *testing.T) {
		a, out, err := runPromo(t, lines("", "", "", "", "", "", "", "", ""), PromoForm{Values: start})
		if err != nil {
			t.Fatalf("Promo: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(a.Values, start) {
			t.Errorf("answers = %+v, want them unchanged: %+v", a.Values, start)
		}
		for _, s := range []string{"Code [SUMMER25]", "Amount of money [150.5]", "Enabled [y/N]", "Valid from [2026-06-01 03:00; type none for no start]",
			"Maximum uses [100; type none for unlimited]", "Once per customer [Y/n]"} {
			if !strings.Contains(out, s) {
				t.Errorf("no %q in the form:\n%s", s, out)
			}
		}
	})
	t.Run("emptied", func(t *testing.T) {
		a, out, err := runPromo(t, lines("", "", "", "", "", "none", "-", "none", ""), PromoForm{Values: start})
		if err != nil {
			t.Fatalf("Promo: %v\n%s", err, out)
		}
		want := start
		want.Starts, want.Ends, want.MaxUses = "", "", ""
		if !reflect.DeepEqual(a.Values, want) {
			t.Errorf("answers = %+v, want %+v", a.Values, want)
		}
	})
	t.Run("amount checked against the unit kept", func(t *testing.T) {
		// 150.5 is fine as money but not as a percentage.
		a, out, err := runPromo(t, lines("", "", "1", "", "50", "", "", "", "", ""), PromoForm{Values: start})
		if err != nil {
			t.Fatalf("Promo: %v\n%s", err, out)
		}
		if !strings.Contains(out, "a percentage must be at most 100, got 150.5") || a.Values.Amount != "50" || !a.Values.Percent {
			t.Errorf("answers = %+v; the form said:\n%s", a.Values, out)
		}
	})
}

func TestPromoFormCancelled(t *testing.T) {
	t.Run("input ends before the last answer", func(t *testing.T) {
		for _, in := range []string{"", "SUMMER25\n", "SUMMER25\n\n\n\n\n\n\n\n", "SUMMER25\n\n\n\n\n\n\n\ny"} {
			_, out, err := runPromo(t, in, PromoForm{Values: promoform.Default()})
			if in == "SUMMER25\n\n\n\n\n\n\n\ny" {
				// A last answer without a newline is still an answer.
				if err != nil {
					t.Errorf("input %q: %v, want the answers", in, err)
				}
				continue
			}
			if !errors.Is(err, ErrCancelled) {
				t.Errorf("input %q: err = %v, want ErrCancelled\n%s", in, err, out)
			}
		}
	})
	t.Run("context cancelled while waiting for a line", func(t *testing.T) {
		r, w := io.Pipe()
		defer w.Close() // lets the reading goroutine finish
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(50*time.Millisecond, cancel)
		h := &Huh{In: r, Out: io.Discard, Accessible: true}
		if _, err := h.Promo(ctx, PromoForm{Values: promoform.Default()}); !errors.Is(err, ErrCancelled) {
			t.Errorf("err = %v, want ErrCancelled", err)
		}
	})
}

func TestProceed(t *testing.T) {
	for _, c := range []struct {
		in   string
		def  bool
		want error
	}{
		{"\n", true, nil},
		{"y\n", false, nil},
		{"\n", false, ErrCancelled},
		{"n\n", true, ErrCancelled},
		// A closed input never takes the default Yes.
		{"", true, ErrCancelled},
	} {
		var out bytes.Buffer
		h := &Huh{In: strings.NewReader(c.in), Out: &out, Accessible: true}
		err := h.Proceed(context.Background(), "Create promo code SUMMER25 on site 1?", c.def)
		if !errors.Is(err, c.want) || (c.want == nil && err != nil) {
			t.Errorf("Proceed(input %q, default %v) = %v, want %v", c.in, c.def, err, c.want)
		}
		if !strings.Contains(out.String(), "Create promo code SUMMER25 on site 1?") {
			t.Errorf("Proceed wrote %q, want the question", out.String())
		}
	}
}

func TestPromoFormRefusesACodeInUse(t *testing.T) {
	var asked []string
	form := PromoForm{Values: promoform.Default(), Site: 7, Taken: func(site int64, code string) bool {
		asked = append(asked, fmt.Sprintf("%d %s", site, code))
		return code == "summer25"
	}}
	a, out, err := runPromo(t, lines("summer25", "WINTER26", "", "", "", "", "", "", "", ""), form)
	if err != nil {
		t.Fatalf("Promo: %v\n%s", err, out)
	}
	if a.Values.Code != "WINTER26" {
		t.Errorf("code = %q, want WINTER26", a.Values.Code)
	}
	want := "Code summer25 is already a promo code of this site: choose another code\nCode \nDiscount on"
	if !strings.Contains(out, want) {
		t.Errorf("no %q in:\n%s", want, out)
	}
	if got := strings.Join(asked, ", "); got != "7 summer25, 7 WINTER26" {
		t.Errorf("Taken was asked %q, want 7 summer25, 7 WINTER26", got)
	}
}
