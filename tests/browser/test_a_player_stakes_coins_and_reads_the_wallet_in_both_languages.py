"""Two players in real Chromium open a coin table at one of the stake levels and start it; the
stakes leave their wallets, and the wallet page shows every coin, in Arabic and in English."""

import re

from playwright.sync_api import expect

from .test_a_visitor_signs_up_and_opens_a_table_in_both_languages import sign_up


def test_a_coin_table_takes_the_stakes_and_the_wallet_shows_them(live_site, browser, shot):
    host_context = browser.new_context(viewport={"width": 1280, "height": 900})
    opener = host_context.new_page()
    sign_up(opener, live_site, "hessa", "حصة")
    guest = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_up(guest, live_site, "fahad", "Fahad")

    # The create form offers a free table or one of the stake levels.
    opener.goto(live_site + "/tables/new/")
    options = opener.locator("#id_stake option")
    expect(options).to_have_text(["طاولة مجانية", "100", "500", "1000"])
    opener.select_option("#id_players", "2")
    opener.select_option("#id_stake", "100")
    opener.click("form.form button[type=submit]")
    opener.wait_for_url(re.compile(r".*/tables/\d+/$"))
    table_url = opener.url

    guest.goto(table_url)
    guest.locator("button.sit").first.click()
    # sitting at a coin table asks first: the stake leaves the wallet when the match starts
    confirm = guest.get_by_test_id("confirm-stake")
    expect(confirm).to_contain_text("100")
    shot(guest, "coin-table-sit-confirmation")
    guest.get_by_test_id("confirm-sit").click()
    guest.wait_for_url(table_url)
    token = next(c["value"] for c in host_context.cookies() if c["name"] == "csrftoken")
    started = host_context.request.post(table_url + "start/", form={"csrfmiddlewaretoken": token})
    assert started.ok

    # The wallet (in a page of its own: the table pages reload themselves as the table changes):
    # 500 from the sign-up grant, 100 into the match's pot.
    host = host_context.new_page()
    host.goto(live_site + "/accounts/wallet/")
    expect(host.locator("html")).to_have_attribute("dir", "rtl")
    expect(host.locator("h1")).to_have_text("المحفظة")
    expect(host.locator("[data-testid=balance]")).to_have_text("400")
    rows = host.locator("[data-testid=transactions] tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("رهان على طاولة عملات")
    expect(rows.nth(0)).to_contain_text("-100")
    expect(rows.nth(1)).to_contain_text("منحة التسجيل")
    shot(host, "20-wallet-ar")

    host.click("button.chip[value=en]")
    host.wait_for_load_state()
    expect(host.locator("h1")).to_have_text("Wallet")
    expect(host.locator("[data-testid=transactions]")).to_contain_text("Stake at a coin table")
    expect(host.locator("[data-testid=transactions] a").first).to_have_text(
        re.compile(r"Match \d+")
    )
    shot(host, "21-wallet-en")

    host.goto(live_site + "/accounts/profile/")
    expect(host.locator("[data-testid=coins]")).to_have_text("400")

    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    sign_up(phone, live_site, "mariam", "مريم")
    phone.goto(live_site + "/accounts/wallet/")
    expect(phone.locator("[data-testid=balance]")).to_have_text("500")
    shot(phone, "22-wallet-ar-phone")
