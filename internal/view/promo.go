package view

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/jsonscan"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/promo/spec"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// promoColumns are the API fields of a list item, in the spec's order
// (promo.Registry's List fields); the CSV of a list has one column per
// field.
func promoColumns() []string {
	return promo.FieldNames(func(f promo.FieldSpec) bool { return f.List })
}

// promoKinds are what promoColumns hold, for a workbook's typed cells.
func promoKinds() []output.Kind {
	return fieldKinds(func(f promo.FieldSpec) bool { return f.List })
}

// fieldKinds are the output kinds of the fields of promo.Registry that
// keep keeps, in its order.
func fieldKinds(keep func(promo.FieldSpec) bool) []output.Kind {
	var out []output.Kind
	for _, f := range promo.Registry() {
		if keep(f) {
			out = append(out, outputKind(f.Kind))
		}
	}
	return out
}

// outputKind is how a workbook types a field of kind k: a code is text,
// a date a time, yes or no a boolean, the rest numbers.
func outputKind(k spec.Kind) output.Kind {
	switch k {
	case spec.KindText:
		return output.KindText
	case spec.KindBool:
		return output.KindBool
	case spec.KindDate:
		return output.KindTime
	}
	return output.KindNumber
}

// promoHeader is the header of the promo list table. STATUS is computed
// locally (promo.StatusFields.StatusAt); the other columns are the API's
// fields in local units.
func promoHeader() []string { return output.English(promoHeads(), false) }

// promoHeads are the heads of promoHeader's columns: their catalog ids
// and what their cells hold.
func promoHeads() []output.Head {
	return []output.Head{h("id", text), h("code", text), h("status", word), h("enabled", word), h("type", word),
		h("amount", amount), h("starts", moment), h("ends", moment), h("uses", text), h("valid", word)}
}

// promoTableColumns say how the columns of the promo list table give way
// on a narrow terminal: ID and CODE never; then, first to go, VALID and
// ENABLED (STATUS says as much), STARTS, TYPE, USES, ENDS, AMOUNT, and
// STATUS last.
func promoTableColumns() []output.Column {
	return []output.Column{{Keep: true}, {Keep: true}, {Priority: 1}, {Priority: 8}, {Priority: 5},
		{Priority: 2}, {Priority: 6}, {Priority: 3}, {Priority: 4}, {Priority: 9}}
}

// The columns of the promo list table by their place in promoHeader.
const (
	promoColStatus  = 2
	promoColEnabled = 3
	promoColValid   = 9
)

// promoTableRow is a promo code's row of the list table at now; date
// formats its dates (dateCache). It is promoTableRower's row, as strings.
func promoTableRow(p *api.Promo, date func(api.Time) string, now time.Time) []string {
	return cellStrings(promoTableRower(date, now)(p, []byte(p.Code)))
}

// promoListTone colours the status cells of the list table.
func promoListTone(col int, cell string) output.Tone {
	switch col {
	case promoColStatus:
		return StatusTone(promo.Status(cell))
	case promoColEnabled:
		return output.StatusTone(cell, output.Muted)
	case promoColValid:
		return output.StatusTone(cell, output.Bad)
	}
	return output.Plain
}

// StatusTone is how a promo code's status is coloured: active green,
// expired and used-up red, disabled dim, scheduled plain.
func StatusTone(s promo.Status) output.Tone {
	switch s {
	case promo.StatusActive:
		return output.Good
	case promo.StatusExpired, promo.StatusUsedUp:
		return output.Bad
	case promo.StatusDisabled:
		return output.Muted
	}
	return output.Plain
}

// promoCSVRow is a promo code's row of the list CSV: promoCSVRower's,
// as strings.
func promoCSVRow(p *api.Promo) []string {
	return cellStrings(promoCSVRower()(p, []byte(p.Code)))
}

// cellStrings is a row of bytes as strings.
func cellStrings(row [][]byte) []string {
	s := make([]string, len(row))
	for i, c := range row {
		s[i] = string(c)
	}
	return s
}

// PromoList shows the promo codes of a site, given whole, with their
// status at now in the table.
func PromoList(raw json.RawMessage, loc *time.Location, now time.Time) output.Data {
	decode := func() ([]api.Promo, error) { return api.DecodePromos(raw) }
	return output.Data{
		JSON: raw,
		Tables: func() ([]output.Grid, error) {
			ps, err := decode()
			if err != nil {
				return nil, err
			}
			g := output.Grid{Header: promoHeader(), Heads: promoHeads(), Columns: promoTableColumns()}
			g.Rows = make([][]string, len(ps))
			date := dateCache(loc)
			for i := range ps {
				g.Rows[i] = promoTableRow(&ps[i], date, now)
			}
			g.Tone = func(row, col int) output.Tone { return promoListTone(col, g.Rows[row][col]) }
			return []output.Grid{g}, nil
		},
		CSV: func() (output.Grid, error) {
			ps, err := decode()
			if err != nil {
				return output.Grid{}, err
			}
			g := output.Grid{Header: promoColumns(), Kinds: promoKinds()}
			g.Rows = make([][]string, len(ps))
			for i := range ps {
				g.Rows[i] = promoCSVRow(&ps[i])
			}
			return g, nil
		},
	}
}

// PromoListStream shows the promo codes of a site as the list is read
// (api.ListStream, or a filter of it): JSON, YAML and --jq take the
// elements as they come, and the table and CSV decode each one into its
// row, so that no format holds the list. Errors read as PromoList's. The
// table shows each code's status at now.
func PromoListStream(src output.Elements, loc *time.Location, now time.Time) output.List {
	date := dateCache(loc)
	return output.List{
		Elements: src,
		Header:   promoHeader(),
		Heads:    promoHeads(),
		Rows: func(add func([][]byte) error) error {
			row := promoTableRower(date, now)
			return eachPromo(src, func(p *api.Promo, code []byte) error { return add(row(p, code)) })
		},
		Tone:      promoListTone,
		Columns:   promoTableColumns(),
		CSVHeader: promoColumns(),
		CSVKinds:  promoKinds(),
		CSVRows: func(add func([][]byte) error) error {
			row := promoCSVRower()
			return eachPromo(src, func(p *api.Promo, code []byte) error { return add(row(p, code)) })
		},
	}
}

// eachPromo decodes each element of src as it is read and calls fn with
// it and its code (api.PromoDecoder.DecodeCode: both valid until the next
// call); it stops at the first error.
func eachPromo(src output.Elements, fn func(p *api.Promo, code []byte) error) error {
	var d api.PromoDecoder
	var p api.Promo
	for {
		e, err := src.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return elementError(err)
		}
		code, err := d.DecodeCode(e, &p)
		if err != nil {
			return err
		}
		if err := fn(&p, code); err != nil {
			return err
		}
	}
}

// elementError words an element of a list that is not valid JSON as
// DecodePromos words it; other errors are returned as they are.
func elementError(err error) error {
	if ee := (*jsonscan.ElementError)(nil); errors.As(err, &ee) {
		return &api.ResponseError{Status: http.StatusOK, Reason: ee.Err.Error()}
	}
	return err
}

// PromoRecord shows one promo code. The single record of the API carries
// no id (spec 2.2); when the caller knows it (get and update were asked for
// it, create may learn it from the Location header), it is added as the
// first field of the JSON and the table. The table has the code's status
// at now; the JSON is the API's.
func PromoRecord(raw json.RawMessage, p api.Promo, id int64, loc *time.Location, now time.Time) output.Data {
	if id > 0 && p.ID == nil {
		v := api.Int(id)
		p.ID = &v
	}
	if p.ID != nil {
		raw = withID(raw, int64(*p.ID))
	}
	return output.Data{
		JSON: raw,
		Tables: func() ([]output.Grid, error) {
			var heads []output.Head
			var values []string
			names := map[int]string{} // the rows shown by their API names
			add := func(hd output.Head, v string) { heads, values = append(heads, hd), append(values, v) }
			if p.ID != nil {
				add(h("id", text), optInt(p.ID))
			}
			add(h("code", text), termsafe.String(string(p.Code)))
			add(h("status", word), string(p.StatusFields().StatusAt(now)))
			add(h("enabled", word), YesNo(bool(p.IsEnabled)))
			add(h("bonus_type", word), promo.BonusType(p.BonusType).String())
			add(h("amount", amount), Amount(float64(p.BonusAmount), bool(p.BonusAmountIsInPercentages)))
			if p.TimeLimitIsEnabled {
				add(h("starts", moment), Date(p.DOn, loc))
				add(h("ends", moment), Date(p.DOff, loc))
			} else {
				add(h("time_limit", word), "none")
			}
			if p.QuantityLimitIsEnabled {
				add(h("max_uses", word), strconv.FormatInt(int64(p.QuantityLimit), 10))
			} else {
				add(h("max_uses", word), "unlimited")
			}
			if p.PromoUsedCount != nil {
				add(h("used", text), optInt(p.PromoUsedCount))
			}
			if p.PersonalLimitIsEnabled != nil {
				add(h("once_per_customer", word), YesNo(bool(*p.PersonalLimitIsEnabled)))
			}
			if p.IsValid != nil {
				add(h("valid_now", word), YesNo(bool(*p.IsValid)))
			}
			// A field without a row of its own shows under its registry
			// row's label (the form's, said in the language); one without a
			// label by its API name, as the record's CSV has it.
			for _, f := range promo.Registry() {
				if f.Record && !recordOwn(f.Name) {
					add(output.Head{ID: f.Label}, termsafe.String(string(appendPromoCell(nil, &p, []byte(p.Code), f.Name))))
					if f.Label == "" {
						names[len(heads)-1] = f.Name
					}
				}
			}
			keys := output.English(heads, true)
			for i, name := range names {
				keys[i] = name + ":"
			}
			rows := make([][]string, len(values))
			for i, v := range values {
				rows[i] = []string{keys[i], v}
			}
			return []output.Grid{{Rows: rows, Heads: heads, KeyValue: true, Tone: recordTone(heads, rows)}}, nil
		},
		CSV: func() (output.Grid, error) {
			header := promo.FieldNames(func(f promo.FieldSpec) bool { return f.Record })
			row := make([]string, len(header))
			for i, name := range header {
				row[i] = string(appendPromoCell(nil, &p, []byte(p.Code), name))
			}
			return output.Grid{Header: header, Rows: [][]string{row}, Kinds: fieldKinds(func(f promo.FieldSpec) bool { return f.Record })}, nil
		},
	}
}

// recordOwn reports whether the record's table shows the field in a row
// of its own above (or, as pos, the order in the shop's list, leaves it
// out); the registry's other Record fields follow by their API names.
func recordOwn(name string) bool {
	switch name {
	case "id", "code", "pos", "is_enabled", "bonus_type", "bonus_amount", "bonus_amount_is_in_percentages",
		"time_limit_is_enabled", "d_on", "d_off", "quantity_limit_is_enabled", "quantity_limit",
		"promo_used_count", "personal_limit_is_enabled", "is_valid":
		return true
	}
	return false
}

// recordTone colours the status values of a promo code's key/value rows.
func recordTone(heads []output.Head, rows [][]string) func(row, col int) output.Tone {
	return func(row, col int) output.Tone {
		if col != 1 {
			return output.Plain
		}
		switch heads[row].ID {
		case "table.status":
			return StatusTone(promo.Status(rows[row][1]))
		case "table.enabled":
			return output.StatusTone(rows[row][1], output.Muted)
		case "table.valid_now":
			return output.StatusTone(rows[row][1], output.Bad)
		}
		return output.Plain
	}
}

// withID adds "id" as the first field of a JSON object that has none.
func withID(raw json.RawMessage, id int64) json.RawMessage {
	body := bytes.TrimSpace(raw)
	var probe map[string]json.RawMessage
	if json.Unmarshal(body, &probe) != nil {
		return raw
	}
	if _, ok := probe["id"]; ok {
		return raw
	}
	var b bytes.Buffer
	b.WriteString(`{"id":`)
	b.WriteString(strconv.FormatInt(id, 10))
	rest := bytes.TrimSpace(body[1:])
	if len(rest) > 0 && rest[0] != '}' {
		b.WriteByte(',')
	}
	b.Write(rest)
	return b.Bytes()
}

// PromoStats shows the uses of a promo code and, per currency, the number
// of orders, their total and the total discount.
func PromoStats(raw json.RawMessage, loc *time.Location) output.Data {
	decode := func() ([]api.Stat, error) { return api.DecodeStats(raw) }
	return output.Data{
		JSON: raw,
		Tables: func() ([]output.Grid, error) {
			ss, err := decode()
			if err != nil {
				return nil, err
			}
			uses := columns(h("id", text), h("order", text), h("date", moment), h("code", text), h("order_price", money), h("qty", output.CellNumber),
				h("discount", money), h("currency", currency))
			// Totals are added exactly (big.Float never overflows, and has
			// room for every bit of a float64 sum), so that amounts near
			// float64's limit give their real sum rather than +Inf, and
			// many small ones no rounding drift.
			type total struct {
				orders          int
				price, discount big.Float
			}
			totals := map[string]*total{}
			for _, s := range ss {
				cur := termsafe.String(string(s.Currency))
				uses.Rows = append(uses.Rows, []string{strconv.FormatInt(int64(s.ID), 10), strconv.FormatInt(int64(s.LeadID), 10),
					Date(s.DLeadCreated, loc), termsafe.String(string(s.Promo.Code)), Money(float64(s.OrderPrice)), fmtFloat(float64(s.OrderQuantity)),
					Money(float64(s.DiscountAmount)), cur})
				t := totals[cur]
				if t == nil {
					t = &total{}
					totals[cur] = t
				}
				t.orders++
				addExact(&t.price, float64(s.OrderPrice))
				addExact(&t.discount, float64(s.DiscountAmount))
			}
			curs := make([]string, 0, len(totals))
			for c := range totals {
				curs = append(curs, c)
			}
			slices.Sort(curs)
			sum := columns(h("currency", currency), h("orders", text), h("order_total", money), h("discount_total", money))
			sum.Summary = true
			for _, c := range curs {
				t := totals[c]
				sum.Rows = append(sum.Rows, []string{c, strconv.Itoa(t.orders), t.price.Text('f', 2), t.discount.Text('f', 2)})
			}
			if len(ss) == 0 {
				return []output.Grid{uses}, nil
			}
			return []output.Grid{uses, sum}, nil
		},
		CSV: func() (output.Grid, error) {
			ss, err := decode()
			if err != nil {
				return output.Grid{}, err
			}
			g := output.Grid{Header: []string{"id", "promo_id", "lead_id", "bonus_type_id", "bonus_amount", "bonus_amount_is_in_percentages",
				"order_price", "order_quantity", "discount_amount", "code", "d_lead_created", "currency"}}
			for _, s := range ss {
				g.Rows = append(g.Rows, []string{strconv.FormatInt(int64(s.ID), 10), strconv.FormatInt(int64(s.PromoID), 10),
					strconv.FormatInt(int64(s.LeadID), 10), strconv.FormatInt(int64(s.BonusTypeID), 10), fmtFloat(float64(s.BonusAmount)),
					fmtBool(bool(s.BonusAmountIsInPercentages)), fmtFloat(float64(s.OrderPrice)), fmtFloat(float64(s.OrderQuantity)),
					fmtFloat(float64(s.DiscountAmount)), string(s.Promo.Code), s.DLeadCreated.Raw, string(s.Currency)})
			}
			return g, nil
		},
	}
}

// addExact adds v to sum without rounding: float64 values are multiples
// of 2^-1074 below 2^1024, so 2200 bits hold any sum of fewer than 2^100
// of them exactly. v is finite: api.Float refuses NaN and infinities.
func addExact(sum *big.Float, v float64) {
	if sum.Prec() == 0 {
		sum.SetPrec(2200)
	}
	sum.Add(sum, new(big.Float).SetFloat64(v))
}

// Amount is a discount as people write it: 25% or 300.00.
func Amount(v float64, percent bool) string {
	return string(appendAmount(nil, v, percent))
}

// appendAmount appends Amount(v, percent) to dst.
func appendAmount(dst []byte, v float64, percent bool) []byte {
	if percent {
		return append(strconv.AppendFloat(dst, v, 'f', -1, 64), '%')
	}
	return strconv.AppendFloat(dst, v, 'f', 2, 64)
}

// Money is an amount with two decimals.
func Money(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// Date is a server date in loc, to the minute; "-" when there is none.
func Date(t api.Time, loc *time.Location) string {
	if !t.Set() {
		return "-"
	}
	return t.In(loc).Format("2006-01-02 15:04")
}

// dateCache returns Date for loc, remembering what it wrote for each
// server date: the codes of one campaign share their dates, and formatting
// a time is the dearest part of a row.
func dateCache(loc *time.Location) func(api.Time) string {
	seen := map[string]string{}
	return func(t api.Time) string {
		if s, ok := seen[t.Raw]; ok {
			return s
		}
		s := Date(t, loc)
		if len(seen) < 4096 {
			seen[t.Raw] = s
		}
		return s
	}
}

// YesNo is a flag in a table.
func YesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func optInt(v *api.Int) string {
	if v == nil {
		return ""
	}
	return strconv.FormatInt(int64(*v), 10)
}

func optBool(v *api.Bool) string {
	if v == nil {
		return ""
	}
	return YesNo(bool(*v))
}

func fmtBool(b bool) string { return strconv.FormatBool(b) }

func fmtFloat(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// PromoRequest sums up, for a person, a promo code request that --dry-run
// did not send: its method and path, then each field of body as the tables
// show it (dates in loc with their zone, 25%, delivery). With defaults set
// (a create, which sends only the fields named) a field the body leaves
// out is shown with the value the API will give it, marked so, in msg's
// language (nil: English), as are the dates; the keys and the other
// values are the tables' English, which the table's Locale says.
func PromoRequest(method, path string, body []byte, defaults bool, loc *time.Location, msg *i18n.Printer) (output.Data, error) {
	var p api.Promo
	var rest struct {
		SiteID *api.Int `json:"site_id"`
		UserID *api.Int `json:"user_id"`
	}
	var has map[string]json.RawMessage
	for _, v := range []any{&p, &rest, &has} {
		if err := json.Unmarshal(body, v); err != nil {
			return output.Data{}, err
		}
	}
	var c card
	add := func(hd output.Head, v string) { c.add(hd, v) }
	// field adds a row for key: v when the body has it, else the API's
	// default def (in msg's language) when there is one to show.
	field := func(hd output.Head, key, v, def string) {
		if _, ok := has[key]; ok {
			add(hd, v)
		} else if defaults {
			add(output.Head{ID: hd.ID}, msg.T("view.request.api_default", "Value", def))
		}
	}
	word := func(w string) string { return msg.T("word." + w) }
	date := func(t api.Time) string {
		if !t.Set() {
			return "-"
		}
		return msg.Moment(t.Time, loc)
	}
	add(h("request", text), method+" "+path)
	if rest.SiteID != nil {
		add(h("site", text), optInt(rest.SiteID))
	}
	if rest.UserID != nil {
		add(h("user_id", text), optInt(rest.UserID))
	}
	if _, ok := has["code"]; ok {
		add(h("code", text), termsafe.String(string(p.Code)))
	}
	percent := bool(p.BonusAmountIsInPercentages)
	field(h("enabled", output.CellWord), "is_enabled", YesNo(bool(p.IsEnabled)), word(YesNo(false)))
	field(h("bonus_type", output.CellWord), "bonus_type", promo.BonusType(p.BonusType).String(), word(promo.Goods.String()))
	field(h("amount", amount), "bonus_amount", Amount(float64(p.BonusAmount), percent), msg.Amount(promo.DefaultAmount, percent))
	if p.TimeLimitIsEnabled {
		add(h("starts", text), date(p.DOn))
		add(h("ends", text), date(p.DOff))
	} else {
		field(h("time_limit", output.CellWord), "time_limit_is_enabled", "none", word("none"))
	}
	uses := "unlimited"
	if p.QuantityLimitIsEnabled {
		uses = strconv.FormatInt(int64(p.QuantityLimit), 10)
	}
	field(h("max_uses", output.CellWord), "quantity_limit_is_enabled", uses, word("unlimited"))
	once := p.PersonalLimitIsEnabled != nil && bool(*p.PersonalLimitIsEnabled)
	field(h("once_per_customer", output.CellWord), "personal_limit_is_enabled", YesNo(once), word(YesNo(false)))
	return output.Data{Tables: func() ([]output.Grid, error) {
		return []output.Grid{c.grid(false)}, nil
	}}, nil
}

// Request shows a request that --dry-run did not send, as a JSON object of
// its method, URL and body, in every format.
func Request(method, url string, body []byte) (output.Data, error) {
	js, err := json.Marshal(struct {
		Method string          `json:"method"`
		URL    string          `json:"url"`
		Body   json.RawMessage `json:"body"`
	}{method, url, body})
	return output.Data{JSON: js}, err
}

// PromoTable is the promo list table for a view of its own (promo browse):
// the header, how the columns give way on a narrow terminal, how the
// status cells are coloured, and what makes a promo code's row at now in
// loc (promoTableRower: each row valid until the next call).
type PromoTable struct {
	Header []string
	// Heads are Header's catalog ids and what their cells hold, for a
	// table drawn in a person's language (output.Speaker).
	Heads   []output.Head
	Columns []output.Column
	Tone    func(col int, cell string) output.Tone
	Row     func(p *api.Promo, code []byte) [][]byte
}

// NewPromoTable is the promo list table at now in loc.
func NewPromoTable(loc *time.Location, now time.Time) PromoTable {
	return PromoTable{Header: promoHeader(), Heads: promoHeads(), Columns: promoTableColumns(), Tone: promoListTone,
		Row: promoTableRower(dateCache(loc), now)}
}
