package apply

import (
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/plan"
)

// TestPlanSentencesInRussian: the sentences built of parts (promo apply's
// plan line and confirmation) are said by the catalogs, in Russian with
// the counts' plural forms, in English as before.
func TestPlanSentencesInRussian(t *testing.T) {
	ru, en := i18n.New(i18n.Russian), i18n.New(i18n.English)
	p := plan.Plan{Site: 1, Unchanged: 9, NotNamed: 2, Entries: []plan.Entry{
		{Action: plan.ActionCreate, Code: "A"}, {Action: plan.ActionCreate, Code: "B"}, {Action: plan.ActionUpdate, Code: "C"}}}
	del := plan.Plan{Site: 1, Entries: []plan.Entry{
		{Action: plan.ActionDelete, Code: "A"}, {Action: plan.ActionDelete, Code: "B"}, {Action: plan.ActionCreate, Code: "C"}}}
	for _, c := range []struct{ got, want string }{
		{planLine(ru, p), "План для сайта 1: создать 2, изменить 1, без изменений 9; 2 промокода, которых нет в файле, не затронуты (--prune удалит такие, --disable-missing выключит)."},
		{planLine(en, p), "Plan for site 1: 2 to create, 1 to update, 9 unchanged; 2 not in the file are left alone (--prune deletes them, --disable-missing disables them)."},
		{planLine(ru, plan.Plan{Site: 3, Unchanged: 21}), "На сайте 3 менять нечего: 21 промокод такой же, как в файле."},
		{planLine(ru, plan.Plan{Site: 3, Unchanged: 5, NotNamed: 1}), "На сайте 3 менять нечего: 5 промокодов такие же, как в файле; 1 промокод, которого нет в файле, не затронут."},
		{confirmQuestion(ru, del), "Удалить 2 промокода сайта 1 (их нет в файле) и внести ещё 1 изменение?"},
		{confirmQuestion(en, del), "Delete 2 promo codes of site 1 that the file does not name, and make 1 other change?"},
		{confirmNote(ru, del), "Это действие нельзя отменить."},
	} {
		if c.got != c.want {
			t.Errorf("got\n%q\nwant\n%q", c.got, c.want)
		}
	}
}
