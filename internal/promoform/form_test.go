package promoform

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
)

func formZone(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func TestChangesFrom(t *testing.T) {
	t.Parallel()
	loc := formZone(t)
	old := Values{Code: "SUMMER25", BonusType: promo.Goods, Percent: true, Amount: "25", Enabled: true,
		Starts: "2026-06-01 03:00", Ends: "2026-08-31 23:59", MaxUses: "100"}
	tr, fa := true, false
	for _, c := range []struct {
		name string
		edit func(v *Values)
		want func(t *testing.T, c promo.Changes)
	}{
		{"nothing", func(*Values) {}, func(t *testing.T, c promo.Changes) {
			if !c.Empty() {
				t.Errorf("changes = %+v, want none", c)
			}
		}},
		{"the same amount written differently", func(v *Values) { v.Amount = "25.0" }, func(t *testing.T, c promo.Changes) {
			if !c.Empty() {
				t.Errorf("changes = %+v, want none", c)
			}
		}},
		{"amount", func(v *Values) { v.Amount = "15" }, func(t *testing.T, c promo.Changes) {
			if c.Amount == nil || *c.Amount != 15 || c.Percent != nil || c.Code != nil || c.Starts != nil {
				t.Errorf("changes = %+v, want the amount only", c)
			}
		}},
		{"unit", func(v *Values) { v.Percent = false }, func(t *testing.T, c promo.Changes) {
			if c.Percent == nil || *c.Percent || c.Amount == nil || *c.Amount != 25 {
				t.Errorf("changes = %+v, want the unit with the amount", c)
			}
		}},
		{"no more period", func(v *Values) { v.Starts, v.Ends = "", "" }, func(t *testing.T, c promo.Changes) {
			if c.TimeLimit == nil || *c.TimeLimit || c.Starts != nil || c.Ends != nil || c.ClearStarts || c.ClearEnds {
				t.Errorf("changes = %+v, want the time limit off", c)
			}
		}},
		{"no more start", func(v *Values) { v.Starts = "" }, func(t *testing.T, c promo.Changes) {
			if !c.ClearStarts || c.ClearEnds || c.TimeLimit != nil || c.Ends != nil {
				t.Errorf("changes = %+v, want the start removed", c)
			}
		}},
		{"new end", func(v *Values) { v.Ends = "2026-09-30" }, func(t *testing.T, c promo.Changes) {
			if c.Ends == nil || promo.FormatAPI(*c.Ends) != "2026-09-30T20:59:59.000Z" || c.Starts != nil {
				t.Errorf("changes = %+v, want the end only", c)
			}
		}},
		{"unlimited", func(v *Values) { v.MaxUses = "" }, func(t *testing.T, c promo.Changes) {
			if c.QuantityLimit == nil || *c.QuantityLimit || c.MaxUses != nil {
				t.Errorf("changes = %+v, want the limit off", c)
			}
		}},
		{"flags", func(v *Values) { v.Enabled, v.OncePerUser, v.BonusType = false, true, promo.Delivery }, func(t *testing.T, c promo.Changes) {
			if c.Enabled == nil || *c.Enabled != fa || c.OncePerUser == nil || *c.OncePerUser != tr || c.BonusType == nil || *c.BonusType != promo.Delivery {
				t.Errorf("changes = %+v", c)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := old
			c.edit(&v)
			got, err := v.ChangesFrom(old, loc)
			if err != nil {
				t.Fatal(err)
			}
			c.want(t, got)
		})
	}
	t.Run("a period turned on keeps no stale date", func(t *testing.T) {
		before := old
		before.Starts, before.Ends = "", ""
		after := before
		after.Starts = "2026-12-01"
		c, err := after.ChangesFrom(before, loc)
		if err != nil {
			t.Fatal(err)
		}
		if c.Starts == nil || c.TimeLimit == nil || !*c.TimeLimit || !c.ClearEnds || c.ClearStarts {
			t.Errorf("changes = %+v, want the start, the limit on and the end removed", c)
		}
		// Applied to a record whose disabled period still holds dates.
		stale := "2020-01-01T00:00:00.000Z"
		f := c.Apply(promo.Record{Code: "SUMMER25", DOn: &stale, DOff: &stale})
		if f.DOff != nil || f.DOn == nil || *f.DOn != "2026-11-30T21:00:00.000Z" || !f.TimeLimitIsEnabled {
			t.Errorf("applied = on %v off %v limit %v", f.DOn, f.DOff, f.TimeLimitIsEnabled)
		}
	})
}

func TestOfAndWith(t *testing.T) {
	t.Parallel()
	loc := formZone(t)
	on, off := "2026-06-01T00:00:00.123Z", "2026-08-31T20:59:59.000Z"
	f := promo.Record{Code: "SUMMER25", IsEnabled: true, BonusType: promo.Goods, BonusAmount: 25, BonusAmountIsInPercentages: true,
		TimeLimitIsEnabled: true, DOn: &on, DOff: &off, QuantityLimitIsEnabled: true, QuantityLimit: 100}
	v := Of(f, loc)
	// The end's seconds are shown: 23:59 would read back a minute short.
	want := Values{Code: "SUMMER25", BonusType: promo.Goods, Percent: true, Amount: "25", Enabled: true,
		Starts: "2026-06-01 03:00", Ends: "2026-08-31 23:59:59", MaxUses: "100"}
	if !reflect.DeepEqual(v, want) {
		t.Errorf("ValuesOf = %+v, want %+v", v, want)
	}
	// A disabled period or limit shows as empty, whatever it holds.
	f.TimeLimitIsEnabled, f.QuantityLimitIsEnabled = false, false
	if v := Of(f, loc); v.Starts != "" || v.Ends != "" || v.MaxUses != "" {
		t.Errorf("Of(disabled limits) = %+v", v)
	}
	amount, percent, uses := 15.5, false, int64(3)
	starts := time.Date(2026, 12, 1, 10, 0, 0, 0, loc)
	got := Default().With(promo.Changes{Amount: &amount, Percent: &percent, MaxUses: &uses, Starts: &starts}, loc)
	if got.Amount != "15.5" || got.Percent || got.MaxUses != "3" || got.Starts != "2026-12-01 10:00" || got.Code != "" {
		t.Errorf("With = %+v", got)
	}
}

// TestPromoFormRefusesACodeInUse types a code that Taken says is in use on
// the chosen site: the code field refuses it and asks again, before any
// other question.

// The form's error names the date forms its hint names, in the form its
// values are shown in (2026-12-01 10:00, as promo.FormatLocal writes them), and
// in Russian the Russian form too (31.12.2026).
func TestFormDateErrorInTheHintsForms(t *testing.T) {
	c := Check{Loc: formZone(t)}
	ru := i18n.New(i18n.Russian)
	for _, parse := range []func(string, *time.Location) (time.Time, error){promo.ParseStart, promo.ParseEnd} {
		_, err := c.Date("31/12/2026", parse)
		if want := `cannot read date "31/12/2026": use 2026-12-01, 2026-12-01 10:00 or RFC 3339`; err == nil || err.Error() != want {
			t.Errorf("Date = %v, want %s", err, want)
		}
		if want := `не удалось прочитать дату «31/12/2026»: укажите её в виде 31.12.2026, 31.12.2026 10:00, 2026-12-31 10:00 или RFC 3339`; err == nil || ru.ErrorText(err) != want {
			t.Errorf("Date in Russian = %v, want %s", ru.ErrorText(err), want)
		}
	}
	if _, _, err := c.Window("tomorrow", ""); err == nil || !strings.Contains(err.Error(), i18n.New(i18n.English).Say(dates())) {
		t.Errorf("Window = %v, want the forms %v", err, dates())
	}
	if got := promo.FormatLocal(time.Date(2026, 12, 1, 10, 0, 0, 0, c.Loc), c.Loc); !strings.Contains(i18n.New(i18n.English).Say(dates()), got) {
		t.Errorf("the form shows dates as %s, which its hint %v does not name", got, dates())
	}
}
