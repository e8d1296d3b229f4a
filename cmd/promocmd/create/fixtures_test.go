package create

import (
	"github.com/promoctl/promoctl/internal/promoform"
	"github.com/promoctl/promoctl/internal/prompt"
)

const codeRule = "--code: the code may contain only Latin letters A-Z, a-z and digits 0-9, "

const twoProfiles = `current_profile: shop
profiles:
  shop:
    site_id: 11111
  other:
    site_id: "22222"
`

func summer25() prompt.PromoAnswers {
	return prompt.PromoAnswers{Values: promoform.Values{Code: "SUMMER25", BonusType: 2, Percent: true, Amount: "25", Enabled: true}}
}

const runListJSON = `[{"id":1001,"code":"SUMMER25","is_enabled":true}]`
