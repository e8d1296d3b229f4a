package view

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/output"
)

// A streamed promo list (PromoListStream: PromoDecoder.DecodeCode, rows
// of reused bytes, the compact and spilled store, the aligned writer) is
// drawn exactly as the same list given whole (PromoList: DecodePromos,
// rows of strings, tablewriter below 500 rows), in every row format, for
// codes shaped as the API sends them and as it might drift.
func TestPromoListStreamIsPromoList(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	odd := []string{
		`{"id":7,"code":"FREE\u001b[31mSHIP\u009b2J","is_enabled":"0","bonus_type":9,"bonus_amount":"150","time_limit_is_enabled":false}`,
		`{"id":"8","code":2024,"is_enabled":true,"bonus_amount":0.5,"bonus_amount_is_in_percentages":true,"quantity_limit_is_enabled":true,"quantity_limit":5}`,
		`{"code":null,"time_limit_is_enabled":true,"d_on":"2026-06-01T00:00:00Z","d_off":null,"promo_used_count":5,"is_valid":false}`,
		`{"code":"Промо\tкод","bonus_amount":1e3,"quantity_limit_is_enabled":true,"quantity_limit":0,"promo_used_count":0}`,
		`{"code":"say \"hi\", twice","d_on":"2026-06-01T00:00:00.000Z"}`,
		`{"id":9,"code":"=HYPERLINK(\"http://x\",\"y\")","bonus_amount":-5}`,
		`{"id":10,"code":"@SUM(1)","bonus_amount":"+3.5"}`,
		`{}`,
	}
	loc, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{20, 6000} { // 6,000 codes: the aligned writer, rows in a file
		list := promoJSON(n)
		for _, e := range odd {
			list = append(list, []byte(e))
		}
		raw := append(bytes.Join(append([][]byte{[]byte("[")}, bytes.Join(list, []byte(","))), nil), ']')
		for _, o := range []output.Options{
			{Format: format.Table},
			{Format: format.Wide},
			{Format: format.CSV},
			{Format: format.Table, Terminal: true, Width: 60},
			{Format: format.CSV, Terminal: true},
		} {
			var whole, streamed bytes.Buffer
			if err := output.Write(&whole, PromoList(json.RawMessage(raw), loc, viewNow), o); err != nil {
				t.Fatal(err)
			}
			if err := output.WriteList(&streamed, PromoListStream(&elems{rest: list}, loc, viewNow), o); err != nil {
				t.Fatal(err)
			}
			if streamed.String() != whole.String() {
				t.Errorf("%d codes, %+v: streamed\n%.2000s\nwhole\n%.2000s", len(list), o, streamed.String(), whole.String())
			}
		}
	}
}
