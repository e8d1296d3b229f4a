package promo

import (
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
)

func p[T any](v T) *T { return &v }

var (
	dec1  = time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	dec31 = time.Date(2026, 12, 31, 23, 59, 0, 0, time.UTC)
)

func TestChangesValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		c       Changes
		field   string // "" means valid
		message string
	}{
		{"nothing named", Changes{}, "", ""},
		{"all valid", Changes{Code: p("SUMMER"), BonusType: p(Delivery), Amount: p(100.0), Percent: p(true),
			Starts: &dec1, Ends: &dec31, MaxUses: p(int64(1))}, "", ""},
		{"bad code", Changes{Code: p("A_B")}, "--code", "the code may contain only Latin letters"},
		{"empty code", Changes{Code: p("")}, "--code", "the code is empty"},
		{"unknown bonus type", Changes{BonusType: p(BonusType(5))}, "--bonus-type", "unknown bonus type 5: use goods (2) or delivery (3)"},
		{"zero amount", Changes{Amount: p(0.0)}, "--amount", "must be a positive number, got 0"},
		{"negative amount", Changes{Amount: p(-5.0)}, "--amount", "must be a positive number, got -5"},
		{"NaN amount", Changes{Amount: p(math.NaN())}, "--amount", "must be a number"},
		{"infinite amount", Changes{Amount: p(math.Inf(1))}, "--amount", "+Inf is too large"},
		{"percent at 100", Changes{Amount: p(100.0), Percent: p(true)}, "", ""},
		{"percent over 100", Changes{Amount: p(100.5), Percent: p(true)}, "--amount", "a percentage must be at most 100, got 100.5"},
		{"fixed amount over 100", Changes{Amount: p(150.0), Percent: p(false)}, "", ""},
		{"amount over 100 with percent unnamed", Changes{Amount: p(150.0)}, "", ""},
		{"max uses zero", Changes{MaxUses: p(int64(0))}, "--max-uses", "must be at least 1, got 0"},
		{"max uses negative", Changes{MaxUses: p(int64(-3))}, "--max-uses", "must be at least 1, got -3"},
		{"ends before starts", Changes{Starts: &dec31, Ends: &dec1}, "--ends",
			"the end 2026-12-01T00:00:00.000Z is before the start 2026-12-31T23:59:00.000Z"},
		{"ends equal starts", Changes{Starts: &dec1, Ends: &dec1}, "", ""},
		{"ends alone", Changes{Ends: &dec1}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.c.Validate(FlagNames())
			if tt.field == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			var fe *FieldError
			if !errors.As(err, &fe) {
				t.Fatalf("Validate() = %v (%T), want a *FieldError for %s", err, err, tt.field)
			}
			if fe.Field != tt.field {
				t.Errorf("Validate() field = %q, want %q", fe.Field, tt.field)
			}
			if !strings.HasPrefix(err.Error(), tt.field+": "+tt.message) {
				t.Errorf("Validate() = %q, want it to start with %q", err, tt.field+": "+tt.message)
			}
		})
	}
}

// TestChangesValidateNames checks that the same failure is reported under
// the caller's names: flags on the command line, API fields in a file.
func TestChangesValidateNames(t *testing.T) {
	t.Parallel()
	c := Changes{Amount: p(120.0), Percent: p(true)}
	if err := c.Validate(FlagNames()); err == nil || !strings.HasPrefix(err.Error(), "--amount: ") {
		t.Errorf("Validate(FlagNames()) = %v, want an error about --amount", err)
	}
	if err := c.Validate(FileNames()); err == nil || !strings.HasPrefix(err.Error(), "bonus_amount: ") {
		t.Errorf("Validate(FileNames()) = %v, want an error about bonus_amount", err)
	}
	c = Changes{MaxUses: p(int64(0))}
	if err := c.Validate(FileNames()); err == nil || !strings.HasPrefix(err.Error(), "quantity_limit: ") {
		t.Errorf("Validate(FileNames()) = %v, want an error about quantity_limit", err)
	}
}

func TestFieldErrorUnwrap(t *testing.T) {
	t.Parallel()
	inner := errors.New("boom")
	err := error(&FieldError{Field: "--code", Err: inner})
	if !errors.Is(err, inner) {
		t.Errorf("errors.Is(%v, inner) = false, want true", err)
	}
	if got, want := err.Error(), "--code: boom"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestChangesOverlay(t *testing.T) {
	t.Parallel()
	base := Changes{Code: p("FILE"), Amount: p(10.0), Percent: p(true), Starts: &dec1, MaxUses: p(int64(5))}
	top := Changes{Code: p("FLAG"), Percent: p(false), Ends: &dec31}
	got := base.Overlay(top)
	if *got.Code != "FLAG" {
		t.Errorf("Code = %q, want FLAG (the flag wins)", *got.Code)
	}
	if *got.Percent != false {
		t.Errorf("Percent = true, want false (an explicit false flag wins)")
	}
	if got.Amount == nil || *got.Amount != 10 {
		t.Errorf("Amount = %v, want 10 kept from the file", got.Amount)
	}
	if got.Starts == nil || !got.Starts.Equal(dec1) || got.Ends == nil || !got.Ends.Equal(dec31) {
		t.Errorf("Starts, Ends = %v, %v; want %v, %v", got.Starts, got.Ends, dec1, dec31)
	}
	if got.MaxUses == nil || *got.MaxUses != 5 {
		t.Errorf("MaxUses = %v, want 5 kept from the file", got.MaxUses)
	}
	if got.Enabled != nil || got.OncePerUser != nil || got.TimeLimit != nil || got.QuantityLimit != nil || got.BonusType != nil {
		t.Errorf("Overlay named fields neither side named: %+v", got)
	}
	if *base.Code != "FILE" {
		t.Errorf("Overlay changed its receiver: base code = %q", *base.Code)
	}
	if empty := (Changes{}).Overlay(Changes{}); !empty.Empty() {
		t.Errorf("Changes{}.Overlay(Changes{}).Empty() = false, want true")
	}
	if (Changes{OncePerUser: p(false)}).Empty() {
		t.Errorf("Empty() = true for a change that names once-per-user=false")
	}
}

// serverRecord is a record as a read-modify-write update starts from.
func serverRecord() Record {
	on, off := "2026-01-01T00:00:00.000Z", "2026-02-01T00:00:00.000Z"
	return Record{
		Code: "WINTER", IsEnabled: true, BonusType: Delivery, BonusAmount: 300, BonusAmountIsInPercentages: false,
		TimeLimitIsEnabled: false, DOn: &on, DOff: &off, QuantityLimitIsEnabled: false, QuantityLimit: 7,
		PersonalLimitIsEnabled: p(true),
	}
}

func TestChangesApply(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		c      Changes
		change func(f *Record) // what the changes should do to serverRecord
	}{
		{"nothing", Changes{}, func(*Record) {}},
		{"code only", Changes{Code: p("SPRING")}, func(f *Record) { f.Code = "SPRING" }},
		{"disable", Changes{Enabled: p(false)}, func(f *Record) { f.IsEnabled = false }},
		{"bonus type", Changes{BonusType: p(Goods)}, func(f *Record) { f.BonusType = Goods }},
		{"amount and percent", Changes{Amount: p(15.0), Percent: p(true)}, func(f *Record) {
			f.BonusAmount, f.BonusAmountIsInPercentages = 15, true
		}},
		{"starts turns the time limit on", Changes{Starts: &dec1}, func(f *Record) {
			f.DOn, f.TimeLimitIsEnabled = p("2026-12-01T00:00:00.000Z"), true
		}},
		{"ends turns the time limit on", Changes{Ends: &dec31}, func(f *Record) {
			f.DOff, f.TimeLimitIsEnabled = p("2026-12-31T23:59:00.000Z"), true
		}},
		{"explicit time limit off wins over starts", Changes{Starts: &dec1, TimeLimit: p(false)}, func(f *Record) {
			f.DOn = p("2026-12-01T00:00:00.000Z")
		}},
		{"time limit on alone", Changes{TimeLimit: p(true)}, func(f *Record) { f.TimeLimitIsEnabled = true }},
		{"max uses turns the quantity limit on", Changes{MaxUses: p(int64(50))}, func(f *Record) {
			f.QuantityLimit, f.QuantityLimitIsEnabled = 50, true
		}},
		{"explicit quantity limit off wins over max uses", Changes{MaxUses: p(int64(50)), QuantityLimit: p(false)}, func(f *Record) {
			f.QuantityLimit = 50
		}},
		{"no max uses keeps the number", Changes{QuantityLimit: p(false)}, func(*Record) {}},
		{"once per user off", Changes{OncePerUser: p(false)}, func(f *Record) { f.PersonalLimitIsEnabled = p(false) }},
		{"start in another zone is sent in UTC", Changes{Starts: p(time.Date(2026, 12, 1, 0, 0, 0, 0, time.FixedZone("MSK", 3*3600)))},
			func(f *Record) { f.DOn, f.TimeLimitIsEnabled = p("2026-11-30T21:00:00.000Z"), true }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.c.Apply(serverRecord())
			want := serverRecord()
			tt.change(&want)
			gj, _ := json.Marshal(got)
			wj, _ := json.Marshal(want)
			if string(gj) != string(wj) {
				t.Errorf("Apply() =\n%s\nwant\n%s", gj, wj)
			}
		})
	}
}

// TestApplyKeepsUntouchedDates: a date the user did not name goes back to
// the server exactly as it came, even in a form the client would not write.
func TestApplyKeepsUntouchedDates(t *testing.T) {
	t.Parallel()
	f := serverRecord()
	f.DOn = p("2021-08-04T13:57:37.243+03:00")
	got := Changes{Ends: &dec31}.Apply(f)
	if got.DOn == nil || *got.DOn != "2021-08-04T13:57:37.243+03:00" {
		t.Errorf("DOn = %v, want the server's text unchanged", got.DOn)
	}
	nilDates := serverRecord()
	nilDates.DOn, nilDates.DOff = nil, nil
	got = Changes{Code: p("X2")}.Apply(nilDates)
	b, _ := json.Marshal(got)
	if !strings.Contains(string(b), `"d_on":null,"d_off":null`) {
		t.Errorf("Apply() = %s, want d_on and d_off null as the server sent them", b)
	}
}

func TestFieldsValidate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		change  func(f *Record)
		field   string
		message string
	}{
		{"server record", func(*Record) {}, "", ""},
		{"bad code", func(f *Record) { f.Code = "ПРОМО" }, "--code", "the code may contain only Latin letters"},
		{"unknown bonus type", func(f *Record) { f.BonusType = 9 }, "--bonus-type", "unknown bonus type 9"},
		{"zero amount", func(f *Record) { f.BonusAmount = 0 }, "--amount", "must be a positive number"},
		{"percent 100", func(f *Record) { f.BonusAmount, f.BonusAmountIsInPercentages = 100, true }, "", ""},
		{"percent over 100", func(f *Record) { f.BonusAmountIsInPercentages = true }, "--amount", "a percentage must be at most 100, got 300"},
		{"quantity limit on with zero uses", func(f *Record) { f.QuantityLimitIsEnabled, f.QuantityLimit = true, 0 }, "--max-uses",
			"must be at least 1 when the number of uses is limited, got 0"},
		{"quantity limit off with zero uses", func(f *Record) { f.QuantityLimit = 0 }, "", ""},
		{"ends before starts", func(f *Record) { f.TimeLimitIsEnabled, f.DOn, f.DOff = true, f.DOff, f.DOn }, "--ends",
			"the end 2026-01-01T00:00:00.000Z is before the start 2026-02-01T00:00:00.000Z"},
		{"ends before starts across zones", func(f *Record) {
			f.TimeLimitIsEnabled = true
			f.DOn, f.DOff = p("2026-12-01T10:00:00+03:00"), p("2026-12-01T08:00:00Z") // 07:00Z, then 08:00Z
		}, "", ""},
		{"ends before starts but no time limit", func(f *Record) { f.DOn, f.DOff = f.DOff, f.DOn }, "", ""},
		{"time limit with one date", func(f *Record) { f.TimeLimitIsEnabled, f.DOff = true, nil }, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := serverRecord()
			tt.change(&f)
			err := f.Validate(FlagNames())
			if tt.field == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Field != tt.field {
				t.Fatalf("Validate() = %v, want a *FieldError for %s", err, tt.field)
			}
			if !strings.HasPrefix(err.Error(), tt.field+": "+tt.message) {
				t.Errorf("Validate() = %q, want it to start with %q", err, tt.field+": "+tt.message)
			}
		})
	}
}

// TestMergeThenValidate is the update path: the server's record with
// the user's change, checked as a whole. A percent flag on a record whose
// fixed amount is 300 must be refused, though neither input is wrong alone.
func TestMergeThenValidate(t *testing.T) {
	t.Parallel()
	c := Changes{Percent: p(true)}
	if err := c.Validate(FlagNames()); err != nil {
		t.Fatalf("Changes.Validate() = %v, want nil", err)
	}
	if err := c.Apply(serverRecord()).Validate(FlagNames()); err == nil || !strings.Contains(err.Error(), "at most 100") {
		t.Errorf("Apply().Validate() = %v, want the percentage refused", err)
	}
	// --max-uses on a record without a limit turns it on with the number.
	merged := Changes{MaxUses: p(int64(3))}.Apply(serverRecord())
	if err := merged.Validate(FlagNames()); err != nil || !merged.QuantityLimitIsEnabled || merged.QuantityLimit != 3 {
		t.Errorf("Apply(MaxUses 3) = limit %v/%d, Validate %v; want on/3, nil", merged.QuantityLimitIsEnabled, merged.QuantityLimit, err)
	}
}

func TestCreateBody(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		c    Changes
		want string
	}{
		{"code only", Changes{Code: p("SUMMER")}, `{"site_id":11,"user_id":7,"code":"SUMMER"}`},
		{"every field", Changes{Code: p("SUMMER"), Enabled: p(true), BonusType: p(Delivery), Amount: p(12.5), Percent: p(true),
			Starts: &dec1, Ends: &dec31, MaxUses: p(int64(100)), OncePerUser: p(true)},
			`{"site_id":11,"user_id":7,"code":"SUMMER","is_enabled":true,"bonus_type":3,"bonus_amount":12.5,` +
				`"bonus_amount_is_in_percentages":true,"time_limit_is_enabled":true,"d_on":"2026-12-01T00:00:00.000Z",` +
				`"d_off":"2026-12-31T23:59:00.000Z","quantity_limit_is_enabled":true,"quantity_limit":100,"personal_limit_is_enabled":true}`},
		{"false flags are sent", Changes{Code: p("AB"), Enabled: p(false), Percent: p(false), OncePerUser: p(false)},
			`{"site_id":11,"user_id":7,"code":"AB","is_enabled":false,"bonus_amount_is_in_percentages":false,"personal_limit_is_enabled":false}`},
		{"ends alone turns the time limit on", Changes{Code: p("AB"), Ends: &dec31},
			`{"site_id":11,"user_id":7,"code":"AB","time_limit_is_enabled":true,"d_off":"2026-12-31T23:59:00.000Z"}`},
		{"explicit time limit off wins", Changes{Code: p("AB"), Starts: &dec1, TimeLimit: p(false)},
			`{"site_id":11,"user_id":7,"code":"AB","time_limit_is_enabled":false,"d_on":"2026-12-01T00:00:00.000Z"}`},
		{"explicit quantity limit off wins", Changes{Code: p("AB"), MaxUses: p(int64(4)), QuantityLimit: p(false)},
			`{"site_id":11,"user_id":7,"code":"AB","quantity_limit_is_enabled":false,"quantity_limit":4}`},
		{"start in Moscow is sent in UTC", Changes{Code: p("AB"), Starts: p(time.Date(2026, 12, 1, 0, 0, 0, 0, time.FixedZone("MSK", 3*3600)))},
			`{"site_id":11,"user_id":7,"code":"AB","time_limit_is_enabled":true,"d_on":"2026-11-30T21:00:00.000Z"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(tt.c.CreateBody(11, 7))
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.want {
				t.Errorf("CreateBody() =\n%s\nwant\n%s", b, tt.want)
			}
		})
	}
	b, _ := json.Marshal(Changes{Code: p("AB")}.CreateBody(11, 0))
	if got, want := string(b), `{"site_id":11,"code":"AB"}`; got != want {
		t.Errorf("CreateBody with no user id = %s, want %s", got, want)
	}
}

func TestParseAmount(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]float64{"25": 25, "9.99": 9.99, "9.9": 9.9, "0.01": 0.01, " 100 ": 100, "007": 7, "-1": -1, "1500.50": 1500.5,
		// as Russian-locale spreadsheets write them
		"1,5": 1.5, "10,50": 10.5, "1 000": 1000, "1 234,50": 1234.5, "1\u00a0234,5": 1234.5, "12\u202f345": 12345, "1 234 567.89": 1234567.89, "-1,5": -1.5} {
		if got, err := ParseAmount(in); err != nil || got != want {
			t.Errorf("ParseAmount(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", " ", "0.001", "5e-324", "1e3", "0x1p4", "0x10", "1_000", "+5", "--5", ".5", "5.", "1.2.3", "Inf", "NaN", "-", "٣",
		"1,234.50", "1.234,50", "1,2,3", ",5", "5,", "1,001", "1 00", "1000 000", "1  000", " 1 0", "1 000 ,5", "1,5 0"} {
		_, err := ParseAmount(in)
		want := strconv.Quote(in) + " is not an amount: use digits with at most 2 decimals, such as 25 or 9.99"
		if err == nil || err.Error() != want {
			t.Errorf("ParseAmount(%q) error = %v, want %q", in, err, want)
		}
	}
}

// TestFieldsValueIsTheJSONValue checks Value against the JSON the API is
// sent: for every field of Fields, with and without dates, Value gives
// what encoding/json writes, and nil for a name that is not a field.
func TestFieldsValueIsTheJSONValue(t *testing.T) {
	on, off := "2026-03-01T00:00:00Z", "2026-03-31T23:59:59Z"
	for _, f := range []Record{
		{},
		{Code: "SPRING", IsEnabled: true, BonusType: Delivery, BonusAmount: 12.5, BonusAmountIsInPercentages: true,
			TimeLimitIsEnabled: true, DOn: &on, DOff: &off, QuantityLimitIsEnabled: true, QuantityLimit: 7, PersonalLimitIsEnabled: p(true)},
	} {
		raw, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil {
			t.Fatal(err)
		}
		for name, want := range fields {
			got, err := json.Marshal(f.Value(name))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("%+v: Value(%q) = %s, want %s", f, name, got, want)
			}
		}
		if v := f.Value("no_such_field"); v != nil {
			t.Errorf("Value(no_such_field) = %v, want nil", v)
		}
	}
}

func TestParseBool(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]bool{"true": true, "false": false, "TRUE": true, "FALSE": false, "True": true, "1": true, "0": false,
		"ИСТИНА": true, "ЛОЖЬ": false, "истина": true, "Ложь": false, "да": true, "нет": false, "Да": true, "НЕТ": false, " true ": true,
		"yes": true, "No": false} { // yes and no: promoctl's English tables
		if got, err := ParseBool(in); err != nil || got != want {
			t.Errorf("ParseBool(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "y", "maybe", "2", "\xc8\xd1\xd2\xc8\xcd\xc0", "ИСТИНА1"} {
		if _, err := ParseBool(in); err == nil || err.Error() != "want true or false, got "+strconv.Quote(in) {
			t.Errorf("ParseBool(%q) error = %v", in, err)
		}
	}
}

// ParseAmountUnit reads an amount as spreadsheets show it, with a percent
// sign or a currency, and says which; the number is ParseAmount's.
func TestParseAmountUnit(t *testing.T) {
	for in, want := range map[string]struct {
		v    float64
		unit AmountUnit
	}{
		"15":            {15, UnitNone},
		"15 %":          {15, UnitPercent},
		"12,5%":         {12.5, UnitPercent},
		"500,00 ₽":      {500, UnitMoney},
		"500,00\u00a0₽": {500, UnitMoney},
		"1 234,50 ₽":    {1234.5, UnitMoney},
		"500 руб.":      {500, UnitMoney},
		"500 РУБ":       {500, UnitMoney},
		"95 $":          {95, UnitMoney},
		"$95":           {95, UnitMoney},
		"95 USD":        {95, UnitMoney},
		"10 €":          {10, UnitMoney},
	} {
		v, unit, err := ParseAmountUnit(in)
		if err != nil || v != want.v || unit != want.unit {
			t.Errorf("ParseAmountUnit(%q) = %v, %v, %v; want %v, %v", in, v, unit, err, want.v, want.unit)
		}
	}
	for _, in := range []string{"%", "₽", "15 %%", "15 % ₽", "1e3 %", "abc руб.", "5 штук"} {
		if _, _, err := ParseAmountUnit(in); err == nil {
			t.Errorf("ParseAmountUnit(%q) read it, want an error", in)
		}
	}
	// flags and -f files keep reading the number alone
	if _, err := ParseAmount("15 %"); err == nil {
		t.Error("ParseAmount read 15 %")
	}
}

// TestSetValueRefusesAnotherType: a value of another type than the
// field's is an error naming the field, c untouched, never a panic.
func TestSetValueRefusesAnotherType(t *testing.T) {
	for _, c := range []struct {
		field string
		v     any
		want  string
	}{
		{"bonus_amount", "10", "set bonus_amount: want a value of type float64, got string"},
		{"bonus_amount", 10, "set bonus_amount: want a value of type float64, got int"},
		{"d_on", "2026-12-01", "set d_on: want a value of type time.Time, got string"},
		{"bonus_type", 2, "set bonus_type: want a value of type promo.BonusType, got int"},
		{"is_enabled", nil, "set is_enabled: want a value of type bool, got <nil>"},
	} {
		f, ok := Lookup(c.field)
		if !ok {
			t.Fatalf("no field %s", c.field)
		}
		var ch Changes
		err := f.SetValue(&ch, c.v)
		if err == nil || err.Error() != c.want {
			t.Errorf("SetValue(%s, %#v) = %v, want %q", c.field, c.v, err, c.want)
		}
		if ch != (Changes{}) {
			t.Errorf("SetValue(%s, %#v) changed %+v", c.field, c.v, ch)
		}
	}
	f, _ := Lookup("bonus_amount")
	// Said in Russian from the catalog too.
	if got, want := i18n.New(i18n.Russian).ErrorText(f.SetValue(&Changes{}, "10")), "поле bonus_amount: нужно значение типа float64, а передано string"; got != want {
		t.Errorf("in Russian: %q, want %q", got, want)
	}
	var ch Changes
	if err := f.SetValue(&ch, 10.5); err != nil || ch.Amount == nil || *ch.Amount != 10.5 {
		t.Errorf("SetValue(bonus_amount, 10.5) = %v, Amount %v", err, ch.Amount)
	}
	if id, _ := Lookup("id"); id.SetValue(&ch, "x") != nil {
		t.Error("a read-only field is not set, and that is no error")
	}
}
