package promo

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/i18n"
)

func TestParseFileJSONAndYAML(t *testing.T) {
	t.Parallel()
	moscow := mustLoad(t, "Europe/Moscow")
	inputs := map[string]string{
		"json": `{
			"site_id": 11,
			"code": "SUMMER2026",
			"is_enabled": true,
			"bonus_type": "delivery",
			"bonus_amount": 12.5,
			"bonus_amount_is_in_percentages": true,
			"d_on": "2026-12-01",
			"d_off": "2026-12-31T23:59:00Z",
			"quantity_limit": 100,
			"personal_limit_is_enabled": false
		}`,
		"yaml": `
site_id: 11
code: SUMMER2026
is_enabled: true
bonus_type: delivery
bonus_amount: 12.5
bonus_amount_is_in_percentages: true
d_on: 2026-12-01
d_off: "2026-12-31T23:59:00Z"
quantity_limit: 100
personal_limit_is_enabled: false
`,
	}
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) {
			f, err := ParseFile([]byte(in), moscow)
			if err != nil {
				t.Fatalf("ParseFile() error: %v", err)
			}
			c := f.Changes
			if f.SiteID == nil || *f.SiteID != 11 {
				t.Errorf("SiteID = %v, want 11", f.SiteID)
			}
			if c.Code == nil || *c.Code != "SUMMER2026" {
				t.Errorf("Code = %v, want SUMMER2026", c.Code)
			}
			if c.Enabled == nil || !*c.Enabled {
				t.Errorf("Enabled = %v, want true", c.Enabled)
			}
			if c.BonusType == nil || *c.BonusType != Delivery {
				t.Errorf("BonusType = %v, want delivery", c.BonusType)
			}
			if c.Amount == nil || *c.Amount != 12.5 || c.Percent == nil || !*c.Percent {
				t.Errorf("Amount, Percent = %v, %v; want 12.5, true", c.Amount, c.Percent)
			}
			// A date without a zone is in the given location.
			if c.Starts == nil || FormatAPI(*c.Starts) != "2026-11-30T21:00:00.000Z" {
				t.Errorf("Starts = %v, want 2026-12-01 in Moscow", c.Starts)
			}
			if c.Ends == nil || FormatAPI(*c.Ends) != "2026-12-31T23:59:00.000Z" {
				t.Errorf("Ends = %v, want 2026-12-31T23:59:00Z", c.Ends)
			}
			if c.MaxUses == nil || *c.MaxUses != 100 {
				t.Errorf("MaxUses = %v, want 100", c.MaxUses)
			}
			if c.OncePerUser == nil || *c.OncePerUser {
				t.Errorf("OncePerUser = %v, want false", c.OncePerUser)
			}
			if c.TimeLimit != nil || c.QuantityLimit != nil {
				t.Errorf("TimeLimit, QuantityLimit = %v, %v; want unnamed", c.TimeLimit, c.QuantityLimit)
			}
		})
	}
}

// TestParseFileGetOutput reads what `promo get -o json` prints: read-only
// fields and nulls are skipped, and a limit the record has off stays off.
func TestParseFileGetOutput(t *testing.T) {
	t.Parallel()
	in := `{"id": 1001, "code": "WINTER", "pos": 3, "is_enabled": 1, "bonus_type": 2, "bonus_amount": "300",
		"bonus_amount_is_in_percentages": 0, "time_limit_is_enabled": false, "d_on": null, "d_off": null,
		"quantity_limit_is_enabled": false, "quantity_limit": 0, "promo_used_count": 12, "is_valid": true,
		"user_id": 7, "personal_limit_is_enabled": "true"}`
	f, err := ParseFile([]byte(in), time.UTC)
	if err != nil {
		t.Fatalf("ParseFile() error: %v", err)
	}
	c := f.Changes
	if f.SiteID != nil {
		t.Errorf("SiteID = %v, want unnamed", *f.SiteID)
	}
	if c.Starts != nil || c.Ends != nil {
		t.Errorf("Starts, Ends = %v, %v; want nulls skipped", c.Starts, c.Ends)
	}
	if c.MaxUses != nil {
		t.Errorf("MaxUses = %d, want unnamed: a limit of 0 that is off stays off", *c.MaxUses)
	}
	if c.QuantityLimit == nil || *c.QuantityLimit || c.TimeLimit == nil || *c.TimeLimit {
		t.Errorf("QuantityLimit, TimeLimit = %v, %v; want false, false", c.QuantityLimit, c.TimeLimit)
	}
	if c.Enabled == nil || !*c.Enabled || c.Percent == nil || *c.Percent || c.OncePerUser == nil || !*c.OncePerUser {
		t.Errorf("Enabled, Percent, OncePerUser = %v, %v, %v; want true, false, true (from 1, 0, \"true\")", c.Enabled, c.Percent, c.OncePerUser)
	}
	if c.BonusType == nil || *c.BonusType != Goods || c.Amount == nil || *c.Amount != 300 {
		t.Errorf("BonusType, Amount = %v, %v; want goods, 300", c.BonusType, c.Amount)
	}
	if err := c.Validate(FileNames()); err != nil {
		t.Errorf("Validate() = %v, want nil", err)
	}
}

// TestParseFileCodeAsWritten: YAML reads an unquoted all-digit code as a
// number, 0012345 even as octal 5349; the code must be the text the user
// wrote, not the number's.
func TestParseFileCodeAsWritten(t *testing.T) {
	t.Parallel()
	for _, code := range []string{"0012345", "007", "2024", "1e5", "0x1F", "123456789012345"} {
		for _, in := range []string{"code: " + code, "{\"code\": " + code + "}"} {
			f, err := ParseFile([]byte(in), time.UTC)
			if err != nil {
				t.Errorf("ParseFile(%q) error: %v", in, err)
				continue
			}
			if f.Changes.Code == nil || *f.Changes.Code != code {
				t.Errorf("ParseFile(%q) code = %v, want %q", in, deref(f.Changes.Code), code)
			}
		}
	}
}

// TestParseFileDatesInLocation: YAML reads an unquoted 2026-12-01 as a
// timestamp in UTC; a date the user wrote without a zone is in loc
// whichever way it was written.
func TestParseFileDatesInLocation(t *testing.T) {
	t.Parallel()
	moscow := mustLoad(t, "Europe/Moscow")
	tests := []struct{ in, want string }{
		{"d_on: 2026-12-01", "2026-11-30T21:00:00.000Z"},
		{"d_on: '2026-12-01'", "2026-11-30T21:00:00.000Z"},
		{"d_on: 2026-12-01T10:00:00", "2026-12-01T07:00:00.000Z"},
		{"d_on: 2026-12-01 10:00:00", "2026-12-01T07:00:00.000Z"},
		{"d_on: 2026-12-01T10:00", "2026-12-01T07:00:00.000Z"},
		{"d_on: 2026-12-01T10:00:00Z", "2026-12-01T10:00:00.000Z"},
		{"d_on: 2026-12-01T10:00:00+05:30", "2026-12-01T04:30:00.000Z"},
		{`{"d_on": "2026-12-01"}`, "2026-11-30T21:00:00.000Z"},
	}
	for _, tt := range tests {
		f, err := ParseFile([]byte(tt.in), moscow)
		if err != nil {
			t.Errorf("ParseFile(%q) error: %v", tt.in, err)
			continue
		}
		if f.Changes.Starts == nil {
			t.Errorf("ParseFile(%q) Starts = nil, want %s", tt.in, tt.want)
		} else if got := FormatAPI(*f.Changes.Starts); got != tt.want {
			t.Errorf("ParseFile(%q) Starts = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestParseFileEndOfDay: a d_off without a time is the end of that day,
// as --ends reads it, however the file writes it.
func TestParseFileEndOfDay(t *testing.T) {
	t.Parallel()
	moscow := mustLoad(t, "Europe/Moscow")
	tests := []struct{ in, want string }{
		{"d_off: 2026-12-31", "2026-12-31T20:59:59.000Z"},
		{"d_off: '2026-12-31'", "2026-12-31T20:59:59.000Z"},
		{`{"d_off": "2026-12-31"}`, "2026-12-31T20:59:59.000Z"},
		{"d_off: 2026-12-31T18:00", "2026-12-31T15:00:00.000Z"},
		{"d_off: 2026-12-31T00:00:00Z", "2026-12-31T00:00:00.000Z"},
	}
	for _, tt := range tests {
		f, err := ParseFile([]byte(tt.in), moscow)
		if err != nil {
			t.Errorf("ParseFile(%q) error: %v", tt.in, err)
			continue
		}
		if f.Changes.Ends == nil {
			t.Errorf("ParseFile(%q) Ends = nil, want %s", tt.in, tt.want)
		} else if got := FormatAPI(*f.Changes.Ends); got != tt.want {
			t.Errorf("ParseFile(%q) Ends = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

func TestParseFileErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		field    string // the *FieldError's field; "" for a whole-file error
		want     string // the message, or its start
	}{
		{"empty", "", "", "the file is empty"},
		{"blank", " \n\t\n", "", "the file is empty"},
		{"null", "null", "", "not a JSON or YAML object"},
		{"list", `[{"code": "AB"}]`, "", "not a JSON or YAML object: line 1: cannot unmarshal !!seq"},
		{"scalar", "SUMMER", "", "not a JSON or YAML object: line 1: cannot unmarshal !!str"},
		{"duplicate key", "code: AB\ncode: CD\n", "", `not a JSON or YAML object: line 2: mapping key "code" already defined at line 1`},
		{"truncated JSON", `{"code": "AB"`, "", "not a JSON or YAML object: yaml: line 1: did not find expected ',' or '}'"},
		{"unknown field", `{"code": "AB", "codee": "CD"}`, "", `unknown field "codee"`},
		{"camel case field", `{"isEnabled": true}`, "", `unknown field "isEnabled"`},
		{"enabled not a bool", `{"is_enabled": "maybe"}`, "is_enabled", `want true or false, got "maybe"`},
		{"enabled 2", `{"is_enabled": 2}`, "is_enabled", "want true or false, got 2"},
		{"percent a list", `{"bonus_amount_is_in_percentages": [true]}`, "bonus_amount_is_in_percentages", "want true or false"},
		{"amount a word", `{"bonus_amount": "ten"}`, "bonus_amount", `"ten" is not an amount: use digits with at most 2 decimals`},
		{"amount a bool", `{"bonus_amount": true}`, "bonus_amount", "want a number, got true"},
		{"amount three decimals", `{"bonus_amount": 0.001}`, "bonus_amount", `"0.001" is not an amount`},
		{"amount with an exponent", `{"bonus_amount": 1E3}`, "bonus_amount", `"1E3" is not an amount`},
		{"two objects", `{"code":"AB"}{"code":"CD"}`, "", "more than one object: a promo code file holds one object"},
		{"two documents", "code: AB\n---\ncode: CD\n", "", "more than one YAML document: a promo code file holds one object"},
		{"text after", "{\"code\":\"AB\"}\n,\n", "", "unexpected text after the object on line 2: a promo code file holds one object"},
		{"only a comment", "# nothing\n", "", "not a JSON or YAML object"},
		{"amount an object", "bonus_amount: {value: 1}", "bonus_amount", "want a number"},
		{"quantity a fraction", `{"quantity_limit": 1.5}`, "quantity_limit", "want a whole number, got 1.5"},
		{"quantity a word", `{"quantity_limit": "many"}`, "quantity_limit", `want a whole number, got "many"`},
		{"site id zero", `{"site_id": 0}`, "site_id", "must be a positive integer, got 0"},
		{"site id a word", `{"site_id": "main"}`, "site_id", `want a whole number, got "main"`},
		{"bonus type unknown", `{"bonus_type": 4}`, "bonus_type", `unknown bonus type "4"`},
		{"bonus type a bool", `{"bonus_type": true}`, "bonus_type", "want a string"},
		{"code a list", `{"code": ["AB"]}`, "code", "want a string"},
		{"date a number", `{"d_on": 20261201}`, "d_on", `cannot read date "20261201"`},
		{"date unreadable", `{"d_off": "next monday"}`, "d_off", `cannot read date "next monday"`},
		{"date a bool", `{"d_off": true}`, "d_off", "want a date, got true"},
		{"personal limit a word", `{"personal_limit_is_enabled": "sometimes"}`, "personal_limit_is_enabled", "want true or false"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseFile([]byte(tt.in), time.UTC)
			if err == nil {
				t.Fatalf("ParseFile(%q) = nil error, want %q", tt.in, tt.want)
			}
			var fe *FieldError
			isField := errors.As(err, &fe)
			switch {
			case tt.field != "" && !isField:
				t.Errorf("ParseFile(%q) = %v (%T), want a *FieldError for %s", tt.in, err, err, tt.field)
			case tt.field != "" && fe.Field != tt.field:
				t.Errorf("ParseFile(%q) field = %q, want %q", tt.in, fe.Field, tt.field)
			case tt.field == "" && isField:
				t.Errorf("ParseFile(%q) = *FieldError %v, want a whole-file error", tt.in, err)
			}
			want := tt.want
			if tt.field != "" {
				want = tt.field + ": " + tt.want
			}
			if !strings.HasPrefix(err.Error(), want) {
				t.Errorf("ParseFile(%q) error = %q, want it to start with %q", tt.in, err, want)
			}
			if strings.HasSuffix(err.Error(), ":") {
				t.Errorf("ParseFile(%q) error = %q ends with a colon: the detail is missing", tt.in, err)
			}
		})
	}
}

// TestParseFileLimitOff: a file that turns a limit off keeps its number
// unless the number is 0, and explicit flags stay explicit.
func TestParseFileLimitOff(t *testing.T) {
	t.Parallel()
	f, err := ParseFile([]byte("quantity_limit: 5\nquantity_limit_is_enabled: false\n"), time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	got := f.Changes.Apply(serverRecord())
	if got.QuantityLimitIsEnabled || got.QuantityLimit != 5 {
		t.Errorf("Apply(file) quantity limit = %v/%d, want off/5", got.QuantityLimitIsEnabled, got.QuantityLimit)
	}
	f, err = ParseFile([]byte("d_on: 2026-12-01\ntime_limit_is_enabled: false\n"), time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	got = f.Changes.Apply(serverRecord())
	if got.TimeLimitIsEnabled || *got.DOn != "2026-12-01T00:00:00.000Z" {
		t.Errorf("Apply(file) time limit = %v from %s, want off from 2026-12-01T00:00:00.000Z", got.TimeLimitIsEnabled, *got.DOn)
	}
}

// TestParseFileFlagsWin: flags given beside a file win (the command
// overlays them), including an explicit false.
func TestParseFileFlagsWin(t *testing.T) {
	t.Parallel()
	f, err := ParseFile([]byte(`{"code": "FILE", "is_enabled": true, "bonus_amount": 5}`), time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	c := f.Changes.Overlay(Changes{Code: p("FLAG"), Enabled: p(false)})
	if *c.Code != "FLAG" || *c.Enabled || *c.Amount != 5 {
		t.Errorf("overlay = code %q enabled %v amount %v; want FLAG false 5", *c.Code, *c.Enabled, *c.Amount)
	}
}

// A value or a name far longer than any field's is refused without being
// parsed, and a message echoes its first 40 characters only.
func TestParseFileEchoesValuesShort(t *testing.T) {
	long := strings.Repeat("9", 600_000)
	for _, c := range []struct{ file, want string }{
		{`{"d_off":"` + long + `"}`, `d_off: a value longer than 100 characters: "9999999999999999999999999999999999999999…"`},
		{`{"` + strings.Repeat("k", 1000) + `":1}`, `unknown field "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…"`},
	} {
		_, err := ParseFile([]byte(c.file), time.UTC)
		if err == nil || err.Error() != c.want {
			t.Errorf("error %.200v, want %s", err, c.want)
		}
	}
}

// A file's errors are catalog messages: said in Russian with «ёлочки»,
// the field's name kept as the API spells it.
func TestParseFileErrorsInRussian(t *testing.T) {
	t.Parallel()
	ru := i18n.New(i18n.Russian)
	for _, c := range []struct{ file, want string }{
		{``, "файл пуст"},
		{`{"is_enabled": "может"}`, "is_enabled: нужно true или false (да или нет), а указано «может»"},
		{`{"quantity_limit": "2,5"}`, "quantity_limit: нужно целое число, а указано «2,5»"},
		{`{"Discount": 5}`, "неизвестное поле «Discount»"},
		{`{"d_off": "завтра"}`, "d_off: не удалось прочитать дату «завтра»: укажите её как 31.12.2026, 31.12.2026 10:00, 2026-12-01, 2026-12-01T10:00 или по RFC 3339, например 2026-12-01T10:00:00+03:00"},
		{"{\"code\": \"A\"}\n{\"code\": \"B\"}", "в файле больше одного объекта, а в файле промокода должен быть один"},
		{`{"d_on": ""}`, "d_on: дата не указана"},
	} {
		_, err := ParseFile([]byte(c.file), time.UTC)
		if err == nil {
			t.Errorf("ParseFile(%q) = nil error, want %s", c.file, c.want)
			continue
		}
		if got := ru.ErrorText(err); got != c.want {
			t.Errorf("ParseFile(%q) in Russian = %q, want %q", c.file, got, c.want)
		}
	}
}
