package apply

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/errtext"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
)

// dryRun runs promo apply --dry-run of a file holding content, named
// name, on newApplyEnv's site (plus the codes extra adds), and checks
// its error, stdout and stderr; only the list is read.
func dryRun(t *testing.T, name, content string, extra func(*applySite), columns []string, wantErr, stdout, stderr string) {
	t.Helper()
	dryRunRead(t, name, content, extra, columns, wantErr == "", wantErr, stdout, stderr)
}

// dryRunRead is dryRun whose error, if any, comes after the list is read
// (listRead), or before.
func dryRunRead(t *testing.T, name, content string, extra func(*applySite), columns []string, listRead bool, wantErr, stdout, stderr string) {
	t.Helper()
	e, s, opts := newApplyEnv(t, format.Table, "code\n")
	if extra != nil {
		extra(s)
	}
	opts.File = filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(opts.File, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	opts.DryRun, opts.Columns = true, columns
	err := runPromoApply(context.Background(), opts)
	if wantErr != "" && cmdutil.ExitCode(err) != cmdutil.ExitUsage {
		t.Errorf("exit code %d, want 2", cmdutil.ExitCode(err))
	}
	stdout = replaceFile(stdout, opts.File)
	stderr = replaceFile(stderr, opts.File)
	routes := []string{"GET /v1/promo?site_id=1"}
	if !listRead {
		routes = nil
	}
	e.Expect(t, err, replaceFile(wantErr, opts.File), stdout, stderr, routes...)
}

// replaceFile puts the file's path for FILE in want.
func replaceFile(want, path string) string {
	out := []byte{}
	for i := 0; i < len(want); i++ {
		if i+4 <= len(want) && want[i:i+4] == "FILE" {
			out = append(out, path...)
			i += 3
			continue
		}
		out = append(out, want[i])
	}
	return string(out)
}

// An end at 00:00 in a file, as a spreadsheet saves a date typed into a
// date-time cell (31.12.2026 0:00), is the end of that day; unless the
// code ends at that very 00:00, which is left as it is.
func TestPromoApplyEndAtMidnightIsTheDay(t *testing.T) {
	atMidnight := func(s *applySite) {
		on, off := "2026-01-01T00:00:00.000Z", "2026-12-30T21:00:00.000Z" // 31.12.2026 0:00 in Moscow
		s.add(applyRec{ID: 1004, Record: promo.Record{Code: "NIGHT1", IsEnabled: true, BonusType: 2, BonusAmount: 5,
			TimeLimitIsEnabled: true, DOn: &on, DOff: &off}})
	}
	dryRun(t, "codes.csv", "code;d_off\r\nSUMMER25;31.12.2026 0:00\r\nNIGHT1;31.12.2026 0:00\r\n", atMidnight, nil, "",
		"ACTION  ID    CODE      CHANGES\n"+
			"update  1002  SUMMER25  d_off 2026-08-31 23:59:59 → 2026-12-31 23:59:59\n",
		"Plan for site 1: 1 to update, 1 unchanged; 2 not in the file are left alone (--prune deletes them, --disable-missing disables them).\n")
	// the same with seconds, and as ISO text
	dryRun(t, "codes.csv", "code,d_off\nSUMMER25,2026-12-31 00:00:00\nNIGHT1,2026-12-31T00:00\n", atMidnight, nil, "",
		"ACTION  ID    CODE      CHANGES\n"+
			"update  1002  SUMMER25  d_off 2026-08-31 23:59:59 → 2026-12-31 23:59:59\n",
		"Plan for site 1: 1 to update, 1 unchanged; 2 not in the file are left alone (--prune deletes them, --disable-missing disables them).\n")
	// an instant with a zone is the instant
	dryRun(t, "codes.csv", "code,d_off\nSUMMER25,2026-12-30T21:00:00.000Z\n", nil, nil, "",
		"ACTION  ID    CODE      CHANGES\n"+
			"update  1002  SUMMER25  d_off 2026-08-31 23:59:59 → 2026-12-31 00:00\n",
		"Plan for site 1: 1 to update, 0 unchanged; 2 not in the file are left alone (--prune deletes them, --disable-missing disables them).\n")
}

// Dates of a file are compared to the whole second: the server's
// 23:59:59.999 is the 23:59:59 a spreadsheet shows.
func TestPromoApplyDatesToTheSecond(t *testing.T) {
	millis := func(s *applySite) {
		on, off := "2026-06-01T00:00:00.000Z", "2026-12-31T20:59:59.999Z"
		s.add(applyRec{ID: 1004, Record: promo.Record{Code: "DEMO1", IsEnabled: true, BonusType: 2, BonusAmount: 5,
			TimeLimitIsEnabled: true, DOn: &on, DOff: &off}})
	}
	dryRun(t, "codes.csv", "code;d_on;d_off\nDEMO1;01.06.2026 03:00:00;31.12.2026 23:59:59\n", millis, nil, "",
		"ACTION  ID  CODE  CHANGES\n",
		"Nothing to change on site 1: 1 promo code is as the file says; 3 the file does not name are left alone.\n")
}

// bonus_amount written with its unit (15 %, 500,00 ₽, 500 руб., 95 $) is
// read when the unit is the code's kind, and is an error on its line when
// it is not.
func TestPromoApplyAmountWithItsUnit(t *testing.T) {
	dryRun(t, "codes.csv", "code;bonus_amount\nWELCOME10;15 %\nOLD1;500,00 ₽\nSUMMER25;30%\n", nil, nil, "",
		"ACTION  ID    CODE       CHANGES\n"+
			"update  1001  WELCOME10  bonus_amount 10% → 15%\n"+
			"update  1003  OLD1       bonus_amount 300.00 → 500.00\n"+
			"update  1002  SUMMER25   bonus_amount 25% → 30%\n",
		"Plan for site 1: 3 to update, 0 unchanged.\n")
	dryRun(t, "codes.csv", "code,bonus_amount,bonus_amount_is_in_percentages\nOLD1,500 руб.,\nNEW1,95 $,false\nNEW2,12.5 %,true\n", nil, nil, "",
		"ACTION  ID    CODE  CHANGES\n"+
			"update  1003  OLD1  bonus_amount 300.00 → 500.00\n"+
			"create        NEW1  bonus_amount 95.00, bonus_amount_is_in_percentages no\n"+
			"create        NEW2  bonus_amount 12.5%, bonus_amount_is_in_percentages yes\n",
		"Plan for site 1: 2 to create, 1 to update, 0 unchanged; 2 not in the file are left alone (--prune deletes them, --disable-missing disables them).\n")
	// the code's kind is the list's: the error comes after it is read
	dryRunRead(t, "codes.csv", "code,bonus_amount,bonus_amount_is_in_percentages\nWELCOME10,95 $,\nOLD1,15 %,\nNEW1,15%,\n", nil, nil, true,
		"FILE: 3 problems, listed above; nothing was sent", "",
		"FILE:2: bonus_amount: 95 $ is a sum of money, but promo code WELCOME10 gives a percentage: write the percentage without the currency, or make it a sum with bonus_amount_is_in_percentages false in this row\n"+
			"FILE:3: bonus_amount: 15 % is a percentage, but promo code OLD1 gives a sum of money: write the amount without %, or make it a percentage with bonus_amount_is_in_percentages true in this row\n"+
			"FILE:4: bonus_amount: 15% is a percentage, but promo code NEW1 gives a sum of money: write the amount without %, or make it a percentage with bonus_amount_is_in_percentages true in this row\n")
}

// Columns may be named by promoctl's own table headers in either
// language, in any case; a column that names nothing is read over with
// one warning that lists the names a column may have.
func TestPromoApplyRussianHeadersAndANotesColumn(t *testing.T) {
	const accepted = "the API's field names (id, code, is_enabled, bonus_type, bonus_amount, bonus_amount_is_in_percentages, time_limit_is_enabled, d_on, d_off, " +
		"quantity_limit_is_enabled, quantity_limit, personal_limit_is_enabled, site_id), the headers of promoctl's tables (ID, Code/Промокод, Enabled/Включён, " +
		"Type/Скидка на, Bonus type/Скидка на, Amount/Скидка, Starts/Начало, Ends/Конец, Max uses/Лимит применений, Once per customer/Один раз на покупателя, " +
		"Site ID/ID сайта), or any column named with --column 'HEADER=field'"
	dryRun(t, "codes.csv", "ПРОМОКОД;Статус;Включен;Скидка;Конец;Комментарий\nSUMMER25;активен;нет;30 %;31.12.2026;на осень\nold1;активен;да;300;;\n", nil, nil, "",
		"ACTION  ID    CODE      CHANGES\n"+
			"update  1002  SUMMER25  is_enabled yes → no, bonus_amount 25% → 30%, d_off 2026-08-31 23:59:59 → 2026-12-31 23:59:59\n",
		"promoctl: warning: FILE: 1 column names no field and is read over: \"Комментарий\"; a file's columns are "+accepted+"\n"+
			"Plan for site 1: 1 to update, 1 unchanged; 1 not in the file are left alone (--prune deletes them, --disable-missing disables them).\n")
	dryRun(t, "codes.csv", "CODE,AMOUNT,notes,Owner\nOLD1,300,,\n", nil, nil, "",
		"ACTION  ID  CODE  CHANGES\n",
		"promoctl: warning: FILE: 2 columns name no field and are read over: \"notes\", \"Owner\"; a file's columns are "+accepted+"\n"+
			"Nothing to change on site 1: 1 promo code is as the file says; 2 the file does not name are left alone.\n")
}

// --column maps another platform's export to the API's fields; the
// columns it leaves are read over with the warning.
func TestPromoApplyColumnFlagMapsAForeignExport(t *testing.T) {
	dryRun(t, "export.csv", "promo_code,discount,active,Expires,valid_to\nSUMMER25,30,0,,2026-12-31\nAUTUMN5,5,1,,\n", nil,
		[]string{"promo_code=code", "Discount=bonus_amount", "ACTIVE=is_enabled", "valid_to=d_off"}, "",
		"ACTION  ID    CODE      CHANGES\n"+
			"update  1002  SUMMER25  is_enabled yes → no, bonus_amount 25% → 30%, d_off 2026-08-31 23:59:59 → 2026-12-31 23:59:59\n"+
			"create        AUTUMN5   is_enabled yes, bonus_amount 5.00\n",
		"promoctl: warning: FILE: 1 column names no field and is read over: \"Expires\"; a file's columns are the API's field names (id, code, is_enabled, bonus_type, bonus_amount, "+
			"bonus_amount_is_in_percentages, time_limit_is_enabled, d_on, d_off, quantity_limit_is_enabled, quantity_limit, personal_limit_is_enabled, site_id), "+
			"the headers of promoctl's tables (ID, Code/Промокод, Enabled/Включён, Type/Скидка на, Bonus type/Скидка на, Amount/Скидка, Starts/Начало, Ends/Конец, "+
			"Max uses/Лимит применений, Once per customer/Один раз на покупателя, Site ID/ID сайта), or any column named with --column 'HEADER=field'\n"+
			"Plan for site 1: 1 to create, 1 to update, 0 unchanged; 2 not in the file are left alone (--prune deletes them, --disable-missing disables them).\n")
	// a --column whose header the file lacks, two columns of one field
	dryRun(t, "export.csv", "promo_code,code\nSUMMER25,SUMMER25\n", nil, []string{"promo_code=code", "Срок=d_off"},
		"FILE: 2 problems, listed above; nothing was sent", "",
		"FILE:1: columns \"promo_code\" and \"code\" both name code: keep one of them\n"+
			"FILE:1: --column 'Срок=d_off': the file has no column \"Срок\"\n")
}

// A near-miss of a known name is an error on the header line with the
// suggestion, in the run's language.
func TestPromoApplyNearMissHeader(t *testing.T) {
	dryRun(t, "codes.csv", "code,bonus_amout\nOLD1,5\n", nil, nil,
		"FILE:1: column \"bonus_amout\" is not a field's name: did you mean bonus_amount? (or name its field: --column 'bonus_amout=FIELD'); nothing was sent", "", "")
	dryRun(t, "codes.csv", "Промокд;Скидка\nOLD1;5\n", nil, nil,
		"FILE:1: column \"Промокд\" is not a field's name: did you mean Промокод? (or name its field: --column 'Промокд=FIELD'); nothing was sent", "", "")

	e, _, opts := newApplyEnv(t, format.Table, "code,bonus_amout\nOLD1,5\n")
	opts.Msg = i18n.New(i18n.Russian)
	err := runPromoApply(context.Background(), opts)
	want := opts.File + ":1: столбец «bonus_amout» не распознан: может быть, bonus_amount? (или укажите поле явно: --column 'bonus_amout=ПОЛЕ'); ничего не отправлено"
	if got := errtext.Say(opts.Msg, err); got != want || cmdutil.ExitCode(err) != cmdutil.ExitUsage {
		t.Errorf("in Russian: %q (exit %d), want %q (exit 2)", got, cmdutil.ExitCode(err), want)
	}
	e.Expect(t, err, err.Error(), "", "")
}

// --column is checked before the file is read: its form, and its field.
func TestPromoApplyColumnFlagChecked(t *testing.T) {
	for _, c := range []struct{ value, want string }{
		{"Expires", "--column Expires: want HEADER=field, such as --column 'Expires=d_off'"},
		{"=d_off", "--column =d_off: want HEADER=field, such as --column 'Expires=d_off'"},
		{"Expires=d_of", "--column Expires=d_of: d_of is not a field: did you mean d_off?"},
		{"Expires=expiry", "--column Expires=expiry: expiry is not a field: use one of id, code, is_enabled, bonus_type, bonus_amount, " +
			"bonus_amount_is_in_percentages, time_limit_is_enabled, d_on, d_off, quantity_limit_is_enabled, quantity_limit, personal_limit_is_enabled, site_id"},
	} {
		e, _, opts := newApplyEnv(t, format.Table, "code\nOLD1\n")
		opts.Columns = []string{c.value}
		err := runPromoApply(context.Background(), opts)
		if cmdutil.ExitCode(err) != cmdutil.ExitUsage {
			t.Errorf("--column %s: exit %d, want 2", c.value, cmdutil.ExitCode(err))
		}
		e.Expect(t, err, c.want, "", "")
	}
	e, _, opts := newApplyEnv(t, format.Table, `[{"code":"OLD1"}]`)
	opts.Columns = []string{"Expires=d_off"}
	err := runPromoApply(context.Background(), opts)
	e.Expect(t, err, opts.File+": --column is for a CSV file or a workbook, and this is JSON: name the fields with their API names; nothing was sent", "", "")
}
