"""Two players in real Chromium: one in Arabic opens a table, the other, in English, sees it
appear in the lobby without reloading (the lobby socket)."""

import re

from playwright.sync_api import expect


def sign_up(page, site, username, name):
    page.goto(site + "/accounts/signup/")
    page.fill("input[name=username]", username)
    page.fill("input[name=display_name]", name)
    page.fill("input[name=email]", f"{username}@example.com")
    page.fill("input[name=password1]", "majlis-evening-77")
    page.fill("input[name=password2]", "majlis-evening-77")
    page.click("form.form button[type=submit]")
    page.wait_for_url(site + "/")


def test_sign_up_open_a_table_and_see_it_in_the_lobby_in_arabic_and_english(
    live_site, browser, shot
):
    # The English watcher: signs up (Arabic by default), switches to English, waits in the lobby.
    watcher = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_up(watcher, live_site, "sam", "Sam")
    expect(watcher.locator("html")).to_have_attribute("dir", "rtl")
    watcher.click("button.chip[value=en]")
    watcher.wait_for_load_state()
    expect(watcher.locator("html")).to_have_attribute("lang", "en")
    expect(watcher.locator("html")).to_have_attribute("dir", "ltr")
    expect(watcher.locator("#live")).to_have_text("live")
    shot(watcher, "01-lobby-en-empty")

    # The Arabic host: signs up, sees the Arabic lobby, opens a one-against-one table.
    host = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    host.goto(live_site + "/accounts/signup/")
    expect(host.locator("html")).to_have_attribute("dir", "rtl")
    shot(host, "02-signup-ar")
    sign_up(host, live_site, "noura", "نورة")
    expect(host.locator("h1")).to_have_text("الديوانية مفتوحة")
    host.click("a[href='/tables/new/'] >> nth=0")
    expect(host.locator("label[for=id_turn_seconds]")).to_have_text("وقت الدور (ثوانٍ)")
    expect(host.locator("#id_nazla_bonus")).to_have_value("51")
    shot(host, "03-create-ar")
    host.select_option("#id_players", "2")
    host.fill("#id_turn_seconds", "3")
    host.click("form.form button[type=submit]")
    expect(host.locator(".field.has-error")).to_have_count(1)
    shot(host, "04-create-ar-error")
    host.fill("#id_turn_seconds", "25")
    host.click("form.form button[type=submit]")
    host.wait_for_url(re.compile(r".*/tables/\d+/$"))
    table_id = host.url.rstrip("/").rsplit("/", 1)[-1]
    expect(host.locator(".felt-seat.taken")).to_contain_text("نورة")
    shot(host, "05-table-ar")

    # The watcher's lobby shows the new table live, in English.
    card = watcher.locator(f"#table-{table_id}")
    expect(card).to_be_visible(timeout=10_000)
    expect(card).to_contain_text("One against one")
    expect(card).to_contain_text("150")
    expect(card).to_contain_text("نورة")
    shot(watcher, "06-lobby-en-live")

    # The host's lobby, in Arabic, lists it too; then the watcher sits from the lobby.
    host.goto(live_site + "/")
    expect(host.locator(f"#table-{table_id}")).to_contain_text("واحد ضد واحد")
    shot(host, "07-lobby-ar")
    card.locator("button.sit").click()
    watcher.wait_for_url(f"{live_site}/tables/{table_id}/")
    expect(watcher.locator(".felt-seat.taken")).to_have_count(2)
    expect(watcher.locator("body")).to_contain_text("Start the match")
    shot(watcher, "08-table-en-full")
    # The host's table page reloads its seats from the socket.
    host.goto(f"{live_site}/tables/{table_id}/")
    expect(host.locator(".felt-seat.taken")).to_have_count(2)

    # The profile: coins (the sign-up grant) and no matches yet.
    host.goto(live_site + "/accounts/profile/")
    expect(host.locator("[data-testid=coins]")).to_have_text("500")
    shot(host, "11-profile-ar")

    # A phone-sized Arabic lobby and table page.
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    mobile = phone.new_page()
    mobile.goto(live_site + "/")
    expect(mobile.locator("html")).to_have_attribute("dir", "rtl")
    shot(mobile, "09-lobby-ar-phone")
    mobile.goto(live_site + f"/tables/{table_id}/")
    shot(mobile, "10-table-ar-phone")
