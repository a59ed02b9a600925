#!/usr/bin/env python3
"""The guardian web app in a real browser (headless Chromium through chromedriver).

Starts `homeward serve` on a free port with a fresh database and no map tiles (CI has no
network), then plays a family through the app: a daughter signs up, her father shows his
verification code (its QR code is read back with zbarimg), she links by typing it, sees his
position move on the map within 2 s of his phone's POST, draws a zone by dragging a circle's
edge, adds an ntfy channel (a local stand-in) and tests it, sets quiet hours, sees who was told of
his SOS and acknowledges it; he starts a trip and a companion without an account follows it on
/trip to his arrival; he runs the danger countdown and cancels it; she keeps a journal and shares
her headache record with a doctor, who opens it; her brother links too and Walter chooses who of
them is called first, by keyboard. Alerts come as banners on whatever page is open (his SOS on
People within 3 s, ringing and turning his card red; leaving a zone, quieter); zones are drawn with
day chips and times, changed by dragging their middle and deleted only after a question; a
guardian follows a trip on her Trips page and a companion sees his SOS on /trip; a cancelled
check reads as all is well; the doctor's page says whose record and fits a phone; and a person
named like an HTML image tag stays text everywhere. axe-core checks every page (no serious or
critical violations), and every page is photographed at phone (412x915) and desktop size.

Usage: browser_test.py [path to the homeward binary] (default .build/debug/homeward).
Screenshots go to $WEBAPP_ARTEFACTS (default .build/webapp-artefacts); with $WEBAPP_DOC_IMAGES
(e.g. docs/images) the README's pictures of the alert banner and the zone editor are written there too.
"""
import base64
import json
import os
import queue
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/homeward")
ARTEFACTS = os.environ.get("WEBAPP_ARTEFACTS", os.path.join(ROOT, ".build/webapp-artefacts"))
# The README's pictures (the alert banner, the zone editor) are written here too when it is set.
DOC_IMAGES = os.environ.get("WEBAPP_DOC_IMAGES", "")
PHONE_SIZE = (412, 915)
DESKTOP_SIZE = (1280, 800)
BANNER_SECONDS = 3
LIVE_UPDATE_SECONDS = 2
# His own first page asks for his newest position with the poll of his own SOS (every 5 s).
OWN_PAGE_SECONDS = 7
WAIT_SECONDS = 10
PASSWORD = "Secret-pass1"
DAUGHTER = {"name": "Anna", "phone": "+4915112345670"}
FATHER = {"name": "Walter", "phone": "+4915112345671"}
SON = {"name": "Ben", "phone": "+4915112345672"}
MARKUP = {"name": "<img src=x onerror=\"window.markupRan=1\">", "phone": "+4915112345673"}
NTFY_TOKEN = "tk_browsertest0123456789"
IPHONE_AGENT = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
                "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
VIENNA = (48.2082, 16.3738)

failures = []
pages_checked = []


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


MOSQUITTO = "/usr/sbin/mosquitto"


class Server:
    def __init__(self):
        self.directory = tempfile.mkdtemp(prefix="homeward-webapp-")
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(os.path.join(self.directory, "server.log"), "w")
        # An MQTT broker on loopback (Debian's mosquitto, installed by make test), so the setup page
        # shows its "Show in Home Assistant" switch.
        self.broker = None
        mqtt = []
        if os.path.exists(MOSQUITTO):
            broker_port = free_port()
            config = os.path.join(self.directory, "mosquitto.conf")
            with open(config, "w") as file:
                file.write(f"listener {broker_port} 127.0.0.1\nallow_anonymous true\n" + ("user root\n" if os.getuid() == 0 else ""))
            self.broker = subprocess.Popen([MOSQUITTO, "-c", config], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            mqtt = ["--mqtt-url", f"mqtt://127.0.0.1:{broker_port}", "--mqtt-client-id", f"homeward-webapp-{self.port}"]
        self.process = subprocess.Popen([
            BINARY, "serve", "--port", str(self.port), "--database", os.path.join(self.directory, "db.sqlite"),
            "--map-tile-url", "", "--outgoing-allow-hosts", "127.0.0.1", "--public-base-url", self.base, "--password-hash-memory-bytes", "8388608", "--password-hash-iterations", "1",
        ] + mqtt, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.base + "/healthz", timeout=1)
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start; see " + self.log.name)

    def api(self, method, path, body=None, token=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", "Bearer " + token)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                text = response.read()
                return json.loads(text) if text else None
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"{method} {path}: {error.code} {error.read().decode()}") from None

    def web_session(self, person):
        """The session cookie's value for `person`, as the web app's login sets it."""
        body = json.dumps({"phone": person["phone"], "password": PASSWORD}).encode()
        request = urllib.request.Request(self.base + "/v1/web/session", data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            cookie = response.headers["Set-Cookie"]
        return cookie.split(";")[0].split("=", 1)[1]

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=15)
        if self.broker:
            self.broker.terminate()
            self.broker.wait(timeout=15)
        shutil.rmtree(self.directory, ignore_errors=True)


class NtfyStandIn:
    """Tests/Receivers/https_receiver.py in plain HTTP: speaks ntfy's publish-as-JSON at its root and
    wants NTFY_TOKEN; every request it read is a JSON record in `records`."""

    def __init__(self):
        self.directory = tempfile.mkdtemp(prefix="homeward-ntfy-")
        self.process = subprocess.Popen(
            [sys.executable, os.path.join(ROOT, "Tests/Receivers/https_receiver.py"), "--plain", "--quiet",
             "--dir", self.directory, "--ntfy-token", NTFY_TOKEN], stdout=subprocess.PIPE, text=True)
        first = self.process.stdout.readline().split()
        if len(first) != 2 or first[0] != "PORT":
            raise RuntimeError("the ntfy stand-in did not start")
        self.base = f"http://127.0.0.1:{first[1]}"
        self.records = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.process.stdout:
            self.records.put(json.loads(line))

    def next_message(self, seconds=WAIT_SECONDS):
        """The next message ntfy would have stored, or None."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                record = self.records.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                return None
            if record.get("status") == 200 and "ntfy" in record:
                return record["ntfy"]
        return None

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=15)
        shutil.rmtree(self.directory, ignore_errors=True)


def browser(sound_without_tap=True, language=None):
    """Headless Chromium at phone size; by default it lets pages play sound before any tap.
    `language` ("de-DE") sets the browser's language, which the app reads local phone numbers by."""
    options = webdriver.ChromeOptions()
    if language:
        options.add_argument(f"--lang={language}")
        options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={PHONE_SIZE[0]},{PHONE_SIZE[1]}", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    if sound_without_tap:
        options.add_argument("--autoplay-policy=no-user-gesture-required")
    service = webdriver.ChromeService(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_window_size(*PHONE_SIZE)
    return driver


def wait(driver, condition, seconds=WAIT_SECONDS, message=""):
    return WebDriverWait(driver, seconds).until(condition, message)


def visible(driver, css, seconds=WAIT_SECONDS):
    return wait(driver, EC.visibility_of_element_located((By.CSS_SELECTOR, css)), seconds, f"{css} did not appear")


def text_in(driver, css, text, seconds=WAIT_SECONDS):
    wait(driver, EC.text_to_be_present_in_element((By.CSS_SELECTOR, css), text), seconds,
         f"{text!r} did not appear in {css}")


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + (f": {detail}" if detail and not condition else ""))
    if not condition:
        failures.append(name)


def settle(driver):
    """Waits until the page shows no "Loading…" placeholder."""
    wait(driver, lambda d: "Loading…" not in d.find_element(By.ID, "view").text, message="the page kept loading")


def steady(driver, css):
    """Waits until the element at `css` is enabled and stays at the same place on the screen between
    two looks (a smooth scroll has ended), so a click lands on it."""
    last = [None]

    def still(d):
        element = d.find_element(By.CSS_SELECTOR, css)
        place = d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.top, r.left];", element)
        moved, last[0] = place != last[0], place
        return not moved and element.is_enabled()
    WebDriverWait(driver, WAIT_SECONDS, poll_frequency=0.15).until(still, f"{css} kept moving or stayed disabled")


def audit(driver, name):
    """axe-core on the page, then screenshots at phone and desktop size (once any passing message is gone)."""
    settle(driver)
    wait(driver, lambda d: all(not e.text for e in d.find_elements(By.ID, "status")), message="the status message stayed")
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    serious = [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]
    check(f"axe: no serious or critical violations on {name}", not serious,
          "; ".join(f"{v['id']} ({v['impact']}): {len(v['nodes'])} nodes, e.g. {v['nodes'][0]['target']}" for v in serious))
    for label, size in (("phone", PHONE_SIZE), ("desktop", DESKTOP_SIZE)):
        driver.set_window_size(*size)
        driver.execute_script("window.scrollTo(0, 0)")
        time.sleep(0.3)
        driver.save_screenshot(os.path.join(ARTEFACTS, f"{name}-{label}.png"))
    driver.set_window_size(*PHONE_SIZE)
    pages_checked.append(name)


def shoot(driver, name):
    """Photographs the page as it is at phone and desktop size, for the README (docs/images) too."""
    wait(driver, lambda d: all(not e.text for e in d.find_elements(By.ID, "status")), message="the status message stayed")
    for label, size in (("phone", PHONE_SIZE), ("desktop", DESKTOP_SIZE)):
        driver.set_window_size(*size)
        time.sleep(0.4)
        for directory in (ARTEFACTS, DOC_IMAGES):
            if directory:
                driver.save_screenshot(os.path.join(directory, f"{name}-{label}.png"))


def page_widths(driver):
    return driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")


def fits_width(driver):
    """No horizontal scrolling: the page is no wider than the window."""
    width, window = page_widths(driver)
    return width <= window


def go(driver, server, fragment):
    driver.get(f"{server.base}/#{fragment}")
    settle(driver)


def fill(driver, css, value):
    element = driver.find_element(By.CSS_SELECTOR, css)
    element.clear()
    element.send_keys(value)


def set_value(driver, css, value):
    """Sets an input whose typing depends on the locale (type=time) as a person's picker would."""
    driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}))",
                          driver.find_element(By.CSS_SELECTOR, css), value)


def add_ntfy(driver, url, token, label):
    """Fills the channel form for an ntfy topic and adds it."""
    fill(driver, "#channel-ntfy-url", url)
    fill(driver, "#channel-ntfy-token", token)
    fill(driver, "#channel-label", label)
    driver.find_element(By.CSS_SELECTOR, "#channel-form button[type=submit]").click()
    text_in(driver, "#channel-list", label)


def log_in(driver, server, person):
    driver.get(server.base + "/#login")
    visible(driver, "#login-form")
    fill(driver, "#login-form input[name=phone]", person["phone"])
    fill(driver, "#login-form input[name=password]", PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "#login-form button[type=submit]").click()
    visible(driver, "#nav")


def decode_qr(driver, element):
    path = os.path.join(ARTEFACTS, "verification-qr.png")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    time.sleep(0.2)
    element.screenshot(path)
    result = subprocess.run(["zbarimg", "--quiet", "--raw", path], capture_output=True, text=True)
    return result.stdout.strip()


def main():
    os.makedirs(ARTEFACTS, exist_ok=True)
    for name in os.listdir(ARTEFACTS):
        if name.endswith(".png"):
            os.remove(os.path.join(ARTEFACTS, name))
    server = Server()
    ntfy = NtfyStandIn()
    drivers = []
    try:
        anna, walter, companion = browser(), browser(), browser(language="de-DE")
        drivers += [anna, walter, companion]

        # The pages before signing in.
        anna.get(server.base + "/")
        visible(anna, "#login-form")
        paint = anna.execute_script(
            "const p = performance.getEntriesByName('first-contentful-paint')[0]; return p ? p.startTime : null")
        print(f"figure: first contentful paint of / on loopback, cold cache: {paint:.0f} ms" if paint else "figure: no paint timing")
        audit(anna, "login")
        anna.get(server.base + "/#signup")
        visible(anna, "#signup-form")
        audit(anna, "signup")

        # Anna signs up in the browser; a number too short to be one is explained in words, not digit counts.
        fill(anna, "#signup-form input[name=name]", DAUGHTER["name"])
        fill(anna, "#signup-form input[name=phone]", "+49 1234")
        fill(anna, "#signup-form input[name=password]", PASSWORD)
        anna.find_element(By.CSS_SELECTOR, "#signup-form button[type=submit]").click()
        text_in(anna, "#signup-form .error", "Check the phone number")
        check("a phone number the server cannot read is explained in plain words",
              "digits" not in anna.find_element(By.CSS_SELECTOR, "#signup-form .error").text)
        fill(anna, "#signup-form input[name=phone]", DAUGHTER["phone"])
        anna.find_element(By.CSS_SELECTOR, "#signup-form button[type=submit]").click()
        visible(anna, "#nav")
        cookies = {c["name"]: c for c in anna.get_cookies()}
        session = cookies.get("homeward_session", {})
        check("sign-up logs in with an HttpOnly, SameSite=Strict session cookie",
              session.get("httpOnly") is True and session.get("sameSite") == "Strict", str(session))
        check("the page's script cannot read the session cookie",
              "homeward_session" not in anna.execute_script("return document.cookie"))
        visible(anna, "#start-guardian")
        check("a new account's first page says what to do first (link, or show a code and set up the phone), with no empty map",
              anna.find_elements(By.CSS_SELECTOR, "#start-guardian a[href='#link/look-after']") and anna.find_elements(By.CSS_SELECTOR, "#start-dependent #setup-own")
              and not anna.find_elements(By.ID, "home-map"))
        audit(anna, "getting-started")
        shoot(anna, "getting-started")
        # "Link to someone" opens Link at its form, not at "Show my code" (which is the other side's).
        anna.find_element(By.ID, "start-link").click()
        wait(anna, lambda d: d.execute_script("return document.activeElement && document.activeElement.name") == "phone",
             message="the phone field did not take the keyboard")
        check("\"Link to someone\" opens the form for their phone and code, ready to type, with its heading in view",
              anna.execute_script("const r = document.getElementById('look-after').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight"))

        # Walter has an account (made on his phone); he shows his code in the browser.
        server.api("POST", "/v1/accounts", {**FATHER, "password": PASSWORD})
        walter_token = server.api("POST", "/v1/sessions", {"phone": FATHER["phone"], "password": PASSWORD})["token"]
        # His phone logged three earlier days before anyone linked: mornings at home and at a bakery a
        # kilometre away (the zones page shows what was learned from them).
        day_start = time.time() - time.time() % 86400
        history = []
        for days_ago in (1, 2, 3):
            morning = day_start - days_ago * 86400 + 8 * 3600
            history += [{"t": morning + minute * 60, "lat": VIENNA[0], "lon": VIENNA[1], "accuracy": 10} for minute in range(31)]
            history += [{"t": morning + minute * 60, "lat": VIENNA[0] + 0.009, "lon": VIENNA[1], "accuracy": 10} for minute in range(45, 76)]
        server.api("POST", "/v1/locations", {"samples": history}, token=walter_token)
        log_in(walter, server, FATHER)
        # "Show my code" on his first page shows it at once (no second button to find on Link).
        go(walter, server, "home")
        visible(walter, "#start-code").click()
        code = visible(walter, "#code-digits").text.strip()
        check("\"Show my code\" on the first page opens Link with the code shown", len(code) == 6 and code.isdigit(), code)
        go(walter, server, "home")
        go(walter, server, "link")
        walter.find_element(By.ID, "show-code").click()
        check("showing the code again shows the live code instead of replacing it",
              visible(walter, "#code-digits").text.strip() == code, code)
        check("the code is shown with his own phone number, which the other person types with it",
              walter.find_element(By.ID, "code-phone").text == FATHER["phone"], walter.find_element(By.ID, "code-phone").text)
        qr = visible(walter, "#code-qr")
        wait(walter, lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", qr),
             message="the QR code did not load")
        decoded = decode_qr(walter, qr)
        check("the QR code decodes (zbarimg) to the app's link address with phone and code",
              decoded.endswith(f"/#link/%2B{FATHER['phone'][1:]}/{code}") and decoded.startswith(server.base), decoded)
        audit(walter, "link")

        # Anna opens the QR code's link on a browser where she is not logged in: she logs in, and the
        # link form comes back with his phone and code filled in.
        anna.delete_all_cookies()
        anna.get("about:blank")
        anna.get(decoded)
        visible(anna, "#login-form")
        text_in(anna, "#pending-link", FATHER["phone"])
        check("the QR link opened logged out says why it asks to log in, and that the code waits", True)
        fill(anna, "#login-form input[name=phone]", DAUGHTER["phone"])
        fill(anna, "#login-form input[name=password]", PASSWORD)
        anna.find_element(By.CSS_SELECTOR, "#login-form button[type=submit]").click()
        visible(anna, "#link-form")
        filled = (anna.find_element(By.CSS_SELECTOR, "#link-form input[name=phone]").get_attribute("value"),
                  anna.find_element(By.CSS_SELECTOR, "#link-form input[name=code]").get_attribute("value"))
        check("the QR link survives logging in: his phone and code stay filled in",
              filled == (FATHER["phone"], code), repr(filled))
        anna.find_element(By.CSS_SELECTOR, "#link-form button[type=submit]").click()
        text_in(anna, "#links", FATHER["name"])
        check("linking by code lists the father among the people Anna looks after", True)
        text_in(walter, "#code-used", "Anna linked with your code")
        check("the father's page, still showing his code, says who linked with it and lists her",
              "Anna" in walter.find_element(By.ID, "links").text)
        following = visible(anna, "#linked-next")
        check("after linking, the page says what comes next: set up his phone (a button to it), then his home",
              "Set up Walter's phone" in following.text and "#setup/" in anna.find_element(By.ID, "linked-setup").get_attribute("href"),
              following.text)
        check("the linked code is emptied from the form, so it is not sent twice",
              [e.get_attribute("value") for e in anna.find_elements(By.CSS_SELECTOR, "#link-form input")] == ["", ""])
        shoot(anna, "linked-next")
        # Ending a link by a slip of the finger: the page asks first, and "no" keeps it.
        anna.find_element(By.XPATH, "//div[@id='links']//button[contains(., 'End link with Walter')]").click()
        question = anna.switch_to.alert.text
        anna.switch_to.alert.dismiss()
        check("ending a link asks first, saying he would no longer be seen, and no keeps it",
              "stop seeing where Walter is" in question and len(server.api("GET", "/v1/links", token=walter_token)["guardians"]) == 1, question)
        go(walter, server, "home")
        text_in(walter, "#looked-after", "Anna looks after you")
        check("his first page says who looks after him and offers to set up his phone, not \"No one yet\"",
              walter.find_elements(By.CSS_SELECTOR, "#looked-after #setup-own") and not walter.find_elements(By.ID, "start-guardian"))
        shoot(walter, "home-looked-after")

        # Home: his position arrives through the event stream within 2 s of his phone's POST.
        go(anna, server, "home")
        visible(anna, "#people [data-account]")
        time.sleep(0.5)  # the event stream is open once the page has drawn
        now = time.time()
        server.api("POST", "/v1/locations", {"samples": [
            {"t": now, "lat": VIENNA[0], "lon": VIENNA[1], "accuracy": 12, "battery": 81}]}, token=walter_token)
        posted = time.monotonic()
        text_in(anna, "#people", "81 %", seconds=LIVE_UPDATE_SECONDS)
        elapsed = time.monotonic() - posted
        check(f"the live position shows on the map within {LIVE_UPDATE_SECONDS} s of the POST ({elapsed:.2f} s)",
              elapsed <= LIVE_UPDATE_SECONDS)
        # His own first page, left open, says so too without a reload (its poll asks every 5 s).
        text_in(walter, "#own-last-sent", "just now", seconds=OWN_PAGE_SECONDS)
        check(f"his own page's \"last sent\" line follows his phone's new position within {OWN_PAGE_SECONDS} s, without a reload", True)
        markers = anna.find_elements(By.CSS_SELECTOR, "#home-map path.leaflet-interactive")
        check("the map draws the position and its accuracy circle without tiles", len(markers) >= 2, str(len(markers)))
        in_view = ("const map = document.getElementById('home-map').getBoundingClientRect();"
                   "const dot = document.querySelector('#home-map path.leaflet-interactive:last-of-type').getBoundingClientRect();"
                   "return dot.left >= map.left && dot.right <= map.right && dot.top >= map.top && dot.bottom <= map.bottom")
        try:
            wait(anna, lambda d: d.execute_script(in_view), seconds=LIVE_UPDATE_SECONDS)  # after the map's zoom animation
        except Exception:
            pass
        check("the map keeps the person in view when he moves away from where it looked", anna.execute_script(in_view))
        text_in(anna, "#people .zone-state", "no safe zone yet")
        check("a person with no safe zone is not called \"outside safe zones\": the card offers to draw one",
              anna.find_elements(By.CSS_SELECTOR, "#people .zone-state a[href^='#zones/']"))
        audit(anna, "home")

        # His page: today's path and downloads.
        anna.find_element(By.XPATH, "//ul[@id='people']//a[contains(., 'Their day')]").click()
        visible(anna, "#day")
        settle(anna)
        check("the person page offers GPX and GeoJSON downloads",
              len(anna.find_elements(By.CSS_SELECTOR, "a[download$='.gpx'], a[download$='.geojson']")) == 2)
        audit(anna, "person")

        # Zones: the page opens on the first person Anna looks after, with his position on the map;
        # she draws a circle around him, drags its edge out, and limits it to Mon and Tue daytime.
        father_id = server.api("GET", "/v1/me", token=walter_token)["id"]
        go(anna, server, "zones")
        check("the zones page opens on the first person one looks after, not oneself",
              anna.find_element(By.ID, "zone-person").get_attribute("value") == father_id)
        hint = visible(anna, "#zone-shape-info")
        check("on a phone, what to do on the map is said above it, in the first screen",
              anna.execute_script("const r = arguments[0].getBoundingClientRect(); return r.bottom <= innerHeight", hint)
              and "Tap the map" in hint.text, hint.text)
        anna.set_window_size(*DESKTOP_SIZE)
        zone_map = visible(anna, "#zone-map")
        check("the drawing map shows his latest position", "Walter" in zone_map.text, zone_map.text)
        time.sleep(0.3)
        ActionChains(anna).move_to_element_with_offset(zone_map, 0, 0).click().perform()
        handle = visible(anna, ".radius-handle")
        ActionChains(anna).click_and_hold(handle).move_by_offset(40, 0).move_by_offset(40, 0).release().perform()
        fill(anna, "#zone-name", "Home")
        anna.find_element(By.ID, "zone-home").click()
        anna.find_element(By.CSS_SELECTOR, "#zone-more summary").click()
        for day in ("mon", "tue"):
            anna.find_element(By.CSS_SELECTOR, f"#zone-more .chip[data-day={day}]").click()
        set_value(anna, "#zone-from", "08:00")
        set_value(anna, "#zone-until", "20:00")
        text_in(anna, "#zone-schedule-info", "Applies on Mon, Tue from 08:00 until 20:00")
        anna.find_element(By.ID, "zone-unaccompanied").click()
        steady(anna, "#zone-save")
        ActionChains(anna).double_click(anna.find_element(By.ID, "zone-save")).perform()  # a double tap saves once
        text_in(anna, "#zone-list", "warns if left with none of you within 200 m")
        zones = server.api("GET", f"/v1/accounts/{father_id}/zones", token=walter_token)["zones"]
        check("the drawn circle is saved with the dragged radius, once though Save was tapped twice",
              len(zones) == 1 and zones[0].get("radius", 0) > 150, json.dumps(zones))
        check("the zone warns when he leaves it with no guardian nearby",
              zones[0].get("unaccompanied", {}).get("withinMetres") == 200, json.dumps(zones))
        check("the day chips and time pickers become the zone's schedule",
              zones[0].get("schedule") == [{"days": ["mon", "tue"], "start": "08:00", "end": "20:00"}], json.dumps(zones))
        # She changes it: drags its middle a little and renames it; it keeps its id.
        anna.find_element(By.CSS_SELECTOR, f"[data-zone='{zones[0]['id']}'] button.change").click()
        text_in(anna, "#zone-form-title", "Change Home")
        centre = visible(anna, ".centre-handle")
        time.sleep(0.5)
        ActionChains(anna).click_and_hold(centre).move_by_offset(0, 30).move_by_offset(0, 30).release().perform()
        fill(anna, "#zone-name", "Home and garden")
        shoot(anna, "zone-editor")
        anna.find_element(By.ID, "zone-save").click()
        text_in(anna, "#zone-list", "Home and garden")
        changed = server.api("GET", f"/v1/accounts/{father_id}/zones", token=walter_token)["zones"]
        check("changing a zone moves it and renames it in place",
              len(changed) == 1 and changed[0]["id"] == zones[0]["id"] and changed[0]["name"] == "Home and garden"
              and changed[0]["center"]["lat"] < zones[0]["center"]["lat"] and changed[0]["schedule"] == zones[0]["schedule"],
              json.dumps(changed))
        # A second watch time set through the API, and the zone's own clock, survive a change made
        # in the page, which shows the extra time it keeps.
        zone = changed[0]
        weekend = {"days": ["sat", "sun"], "start": "10:00", "end": "18:00"}
        server.api("PUT", f"/v1/zones/{zone['id']}", {
            "name": zone["name"], "center": zone["center"], "radius": zone["radius"], "home": zone["home"],
            "unaccompanied": zone["unaccompanied"], "timeZone": "Asia/Tokyo",
            "schedule": [zone["schedule"][0], weekend]}, token=walter_token)
        anna.refresh()
        settle(anna)
        visible(anna, f"[data-zone='{zone['id']}'] button.change").click()
        text_in(anna, "#zone-schedule-info", "One more watch time is kept as it is: Sat, Sun 10:00–18:00")
        anna.find_element(By.ID, "zone-save").click()
        text_in(anna, "#zone-form-title", "New zone")
        kept = server.api("GET", f"/v1/accounts/{father_id}/zones", token=walter_token)["zones"]
        check("changing a zone in the page keeps the watch times it does not show, and its time zone",
              len(kept) == 1 and kept[0]["schedule"] == [zone["schedule"][0], weekend]
              and kept[0].get("timeZone") == "Asia/Tokyo" and kept[0]["name"] == "Home and garden", json.dumps(kept))
        # Delete asks first; saying no keeps the zone.
        anna.find_element(By.CSS_SELECTOR, f"[data-zone='{zones[0]['id']}'] button.remove").click()
        question = anna.switch_to.alert.text
        anna.switch_to.alert.dismiss()
        check("deleting a zone asks first, and no keeps it",
              "Home and garden" in question and len(server.api("GET", f"/v1/accounts/{father_id}/zones", token=walter_token)["zones"]) == 1,
              question)
        # Set up his phone: from his card, Anna shows the OwnTracks code; it is decoded (zbarimg) and
        # its credentials post a fix as OwnTracks does, and the page says the first position arrived.
        go(anna, server, "home")
        text_in(anna, "#people .zone-state", "checked with the next position")
        check("a zone drawn after his newest position is not said to be left before a position is judged", True)
        anna.find_element(By.CSS_SELECTOR, "#people a.setup-phone").click()
        visible(anna, "#make-setup").click()
        qr = visible(anna, "#setup-qr")
        wait(anna, lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", qr),
             message="the setup QR code did not load")
        png_path = os.path.join(ARTEFACTS, "setup-qr.png")
        with open(png_path, "wb") as file:
            file.write(base64.b64decode(qr.get_attribute("src").split(",", 1)[1]))
        link = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sbinary", png_path], capture_output=True, text=True).stdout.strip()
        inline = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query).get("inline", [""])[0]
        config = json.loads(base64.b64decode(inline)) if inline else {}
        check("the setup QR code decodes (zbarimg) to an OwnTracks HTTP configuration with his Home zone",
              link.startswith("owntracks:///config?inline=") and config.get("mode") == 3
              and [w.get("desc") for w in config.get("waypoints", [])] == ["Home and garden"], link)
        audit(anna, "setup")
        check("the OwnTracks steps name its switch as the app shows it (“Allow external configuration”)",
              "Allow external configuration" in anna.find_element(By.ID, "setup-result").text)
        fix = {"_type": "location", "lat": VIENNA[0], "lon": VIENNA[1], "tst": int(time.time()), "acc": 10, "tid": config.get("tid")}
        request = urllib.request.Request(config.get("url", server.base + "/v1/clients/owntracks"),
                                         data=json.dumps(fix).encode(), method="POST")
        request.add_header("Content-Type", "application/json")
        credentials = base64.b64encode(f"{config.get('username')}:{config.get('password')}".encode()).decode()
        request.add_header("Authorization", "Basic " + credentials)
        with urllib.request.urlopen(request, timeout=10) as response:
            reply = response.read().decode()
        check("the decoded key posts a fix the OwnTracks way and reads nothing back", reply == "[]", reply)
        text_in(anna, "#setup-status", "Received the first position from this phone")
        check("the setup page says the first position arrived", True)
        anna.execute_script("document.getElementById('setup-qr').scrollIntoView({block: 'end'})")
        shoot(anna, "phone-setup")
        go(anna, server, "home")
        go(anna, server, f"setup/{father_id}")
        text_in(anna, "#setup-devices", "OwnTracks phone · last heard")
        anna.find_element(By.CSS_SELECTOR, "#setup-devices button").click()
        question = anna.switch_to.alert.text
        anna.switch_to.alert.accept()
        check("removing a phone asks first, saying it stops sending his position", "stops sending Walter's position" in question, question)
        text_in(anna, "#setup-devices", "None yet.")
        removed = urllib.request.Request(config.get("url"), data=json.dumps(fix).encode(), method="POST")
        removed.add_header("Content-Type", "application/json")
        removed.add_header("Authorization", "Basic " + credentials)
        try:
            urllib.request.urlopen(removed, timeout=10)
            refused = False
        except urllib.error.HTTPError as error:
            refused = error.code == 401
        check("a phone removed on the setup page can no longer send positions", refused)
        # Traccar Client: its own link (org.traccar.client://, read by the app's ConfigurationService),
        # decoded from the QR code; the key it carries posts the OsmAnd way, and the values to type
        # have copy buttons.
        anna.find_element(By.ID, "setup-app-traccar").click()
        anna.find_element(By.ID, "make-setup").click()
        text_in(anna, "#setup-result", "Apply new configuration?")
        qr = visible(anna, "#setup-qr")
        with open(png_path, "wb") as file:
            file.write(base64.b64decode(qr.get_attribute("src").split(",", 1)[1]))
        traccar = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sbinary", png_path], capture_output=True, text=True).stdout.strip()
        values = urllib.parse.parse_qs(urllib.parse.urlsplit(traccar).query)
        check("the Traccar Client QR code decodes (zbarimg) to its own setup link with our address and a post-only key",
              traccar.startswith("org.traccar.client://config?") and values.get("url") == [server.base + "/v1/clients/osmand"]
              and values.get("id", [""])[0].startswith("post."), traccar)
        check("the values to type by hand each have a copy button",
              len(anna.find_elements(By.CSS_SELECTOR, "#setup-settings button.copy")) == 2)
        text_in(anna, "#setup-devices", "Traccar Client phone · waiting for its first position")
        # Pressed twice by mistake (a double click), then once more: one phone waits, not three, and
        # the page says the earlier code stopped working.
        steady(anna, "#make-setup")
        ActionChains(anna).double_click(anna.find_element(By.ID, "make-setup")).perform()
        visible(anna, "#setup-replaced")
        wait(anna, lambda d: not d.find_element(By.ID, "make-setup").get_attribute("disabled"), message="the button stayed disabled")
        anna.find_element(By.ID, "make-setup").click()
        text_in(anna, "#setup-replaced", "only the newest code works")
        wait(anna, lambda d: not d.find_element(By.ID, "make-setup").get_attribute("disabled"), message="the button stayed disabled")
        # The list is drawn again after the code; read in one go so a redraw cannot interleave.
        waiting = anna.execute_script("return [...document.querySelectorAll('#setup-devices li')].map((li) => li.textContent)")
        devices = server.api("GET", f"/v1/accounts/{father_id}/devices", token=walter_token)["devices"]
        check("showing the code again leaves one phone waiting, not a phone for every press",
              len(waiting) == 1 and "waiting for its first position" in waiting[0] and len(devices) == 1, repr(waiting))
        qr = visible(anna, "#setup-qr")
        with open(png_path, "wb") as file:
            file.write(base64.b64decode(qr.get_attribute("src").split(",", 1)[1]))
        replaced_key = values.get("id", [""])[0]
        traccar = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sbinary", png_path], capture_output=True, text=True).stdout.strip()
        values = urllib.parse.parse_qs(urllib.parse.urlsplit(traccar).query)
        try:
            urllib.request.urlopen(f"{server.base}/v1/clients/osmand?" + urllib.parse.urlencode(
                {"id": replaced_key, "lat": VIENNA[0], "lon": VIENNA[1], "timestamp": int(time.time())}), timeout=10)
            stale = 200
        except urllib.error.HTTPError as error:
            stale = error.code
        check("an earlier code that was replaced no longer sends (OsmAnd answers an unknown device 400)", stale == 400, str(stale))
        shoot(anna, "setup-shown-again")
        query = urllib.parse.urlencode({"id": values.get("id", [""])[0], "lat": VIENNA[0], "lon": VIENNA[1], "timestamp": int(time.time())})
        with urllib.request.urlopen(f"{server.base}/v1/clients/osmand?{query}", timeout=10) as response:
            response.read()
        text_in(anna, "#setup-status", "Received the first position from this phone")
        text_in(anna, "#setup-devices", "Traccar Client phone · last heard")
        check("a Traccar Client phone set up by its QR code is heard from, and the list of phones says so", True)
        shoot(anna, "setup-traccar")
        if server.broker:
            # Show in Home Assistant, for the person looked after, from the same page.
            visible(anna, "#home-assistant-toggle").click()
            text_in(anna, "#home-assistant-note", "Home Assistant shows Walter on its map")
            check("Show in Home Assistant turns on for the person looked after",
                  server.api("GET", f"/v1/accounts/{father_id}/home-assistant", token=walter_token)["enabled"])
            audit(anna, "setup-home-assistant")

        # Learned places: the places he stayed at on earlier days were learned from his stored history;
        # Anna names the bakery and marks it not usual.
        go(anna, server, "home")
        go(anna, server, f"zones/{father_id}")
        visible(anna, "#place-list [data-place]")
        listed = anna.find_element(By.ID, "place-list").text
        check("learned places nobody named are numbered and said by the zone they are in or near, not by coordinates",
              "Place 1" in listed and not re.search(r"\d+\.\d{3}", listed), listed[:300])
        places = server.api("GET", f"/v1/accounts/{father_id}/places", token=walter_token)["places"]
        check("the places he stayed at on several days are learned from his stored history", len(places) >= 2, json.dumps(places))
        bakery = min(places, key=lambda place: abs(place["lat"] - (VIENNA[0] + 0.009)))["id"]
        fill(anna, f"[id='place-name-{bakery}']", "Bakery")
        anna.find_element(By.CSS_SELECTOR, f"[data-place='{bakery}'] .row button").click()
        text_in(anna, "#place-list", "Bakery")
        anna.find_element(By.XPATH, f"//li[@data-place='{bakery}']/button[contains(., 'Mark not usual')]").click()
        text_in(anna, "#place-list", "(not usual)")
        named = [place for place in server.api("GET", f"/v1/accounts/{father_id}/places", token=walter_token)["places"] if place["id"] == bakery]
        check("a guardian names a learned place and marks it not usual",
              named and named[0].get("name") == "Bakery" and named[0]["usual"] is False, json.dumps(named))
        anna.set_window_size(*PHONE_SIZE)
        audit(anna, "zones")

        # Notifications: Anna adds her ntfy topic and tests it; a wrong token says why it failed.
        anna_token = server.api("POST", "/v1/sessions", {"phone": DAUGHTER["phone"], "password": PASSWORD})["token"]
        go(anna, server, "notifications")
        push = visible(anna, "#push-subscribe")
        check("the browser is offered Web Push where it has a PushManager", push.text == "Notify this browser", push.text)
        kinds = [o.get_attribute("value") for o in anna.find_elements(By.CSS_SELECTOR, "#channel-kind option")]
        check("email is not offered on a server that sends no mail", "email" not in kinds and "ntfy" in kinds, str(kinds))
        help_text = anna.find_element(By.ID, "channel-help").text
        check("the ntfy channel is explained as steps, without jargon", "Install the free ntfy app" in help_text, help_text)
        add_ntfy(anna, ntfy.base + "/homeward-anna", "wrong-token", "Old topic")
        old = "#channel-list [data-kind=ntfy]"
        visible(anna, old)
        anna.find_element(By.CSS_SELECTOR, f"{old} button.send-test").click()
        text_in(anna, f"{old} .test-result", "Not delivered")
        text_in(anna, old, "Last failed")
        check("a test the service refuses says so, with its reason",
              "403" in anna.find_element(By.CSS_SELECTOR, f"{old} .test-result").text,
              anna.find_element(By.CSS_SELECTOR, f"{old} .test-result").text)
        anna.find_element(By.CSS_SELECTOR, f"{old} button.remove").click()
        anna.switch_to.alert.accept()
        wait(anna, lambda d: not d.find_elements(By.CSS_SELECTOR, old), message="the removed channel stayed listed")
        check("removing a channel removes it", server.api("GET", "/v1/me/channels", token=anna_token)["channels"] == [])
        add_ntfy(anna, ntfy.base + "/homeward-anna", NTFY_TOKEN, "Anna's phone")
        channel = visible(anna, "#channel-list [data-kind=ntfy]")
        channel.find_element(By.CSS_SELECTOR, "button.send-test").click()
        text_in(anna, "#channel-list [data-kind=ntfy] .test-result", "Delivered")
        text_in(anna, "#channel-list [data-kind=ntfy]", "Last got through")
        message = ntfy.next_message()
        check("“Send a test” reaches the ntfy topic with the token",
              message is not None and message.get("topic") == "homeward-anna" and message.get("title") == "Homeward test",
              json.dumps(message))

        # Quiet hours: the time zone is a choice of places, this device's chosen at first; another
        # city is saved as its zone, then back to this device's.
        zone = anna.execute_script("return Intl.DateTimeFormat().resolvedOptions().timeZone")
        picker = visible(anna, "#quiet-zone")
        chosen = anna.execute_script("return arguments[0].selectedOptions[0].textContent", picker)
        check("the quiet hours' time zone is a list of places with this device's chosen",
              picker.tag_name == "select" and picker.get_attribute("value") == zone and "(this device)" in chosen
              and len(anna.find_elements(By.CSS_SELECTOR, "#quiet-zone optgroup")) >= 5, chosen)
        set_value(anna, "#quiet-start", "21:30")
        set_value(anna, "#quiet-end", "06:45")
        anna.execute_script("arguments[0].value = 'Asia/Tokyo'; arguments[0].dispatchEvent(new Event('change'))", picker)
        text_in(anna, "#quiet-zone-hint", "Tokyo time")
        anna.find_element(By.CSS_SELECTOR, "#quiet-form button[type=submit]").click()
        text_in(anna, "#quiet-state", "Quiet from 21:30 until 06:45 (Tokyo time)")
        check("another city's time zone is saved as chosen",
              server.api("GET", "/v1/me/quiet-hours", token=anna_token).get("timeZone") == "Asia/Tokyo")
        anna.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'))", picker, zone)
        anna.find_element(By.CSS_SELECTOR, "#quiet-form button[type=submit]").click()
        text_in(anna, "#quiet-state", "Quiet from 21:30 until 06:45")
        wait(anna, lambda d: "Tokyo" not in d.find_element(By.ID, "quiet-state").text, message="the zone did not change back")
        check("quiet hours are saved in the browser's time zone",
              server.api("GET", "/v1/me/quiet-hours", token=anna_token) == {"start": "21:30", "end": "06:45", "timeZone": zone})
        audit(anna, "notifications")

        # Alerts: his SOS reaches her feed, her badge and her ntfy topic (quiet hours never hold an
        # SOS); she opens it to see who was told, then acknowledges it.
        # On People (not Alerts) the SOS comes as a banner within 3 s that says who, what and where,
        # rings, and turns his card red.
        go(anna, server, "home")
        visible(anna, "#people [data-account]")
        time.sleep(0.5)  # the event stream is open once the page has drawn
        server.api("POST", "/v1/alerts", {"type": "sos", "message": "I fell",
                                          "location": {"lat": VIENNA[0], "lon": VIENNA[1], "accuracy": 8}}, token=walter_token)
        posted = time.monotonic()
        banner = visible(anna, "#alert-banners .banner[data-type=sos]", seconds=BANNER_SECONDS)
        elapsed = time.monotonic() - posted
        check(f"an SOS shows as a banner on the People page within {BANNER_SECONDS} s ({elapsed:.2f} s)", elapsed <= BANNER_SECONDS)
        check("the banner says who, what and where, with Acknowledge",
              "SOS: Walter" in banner.text and "I fell" in banner.text and "Show on the map" in banner.text
              and banner.find_elements(By.CSS_SELECTOR, "button.acknowledge"), banner.text)
        wait(anna, lambda d: d.find_elements(By.CSS_SELECTOR, f"#people [data-account='{father_id}'][data-alarming=true]"),
             seconds=BANNER_SECONDS, message="his card did not turn red")
        check("his card on People turns red with the SOS", True)
        wait(anna, lambda d: d.execute_script("return document.body.dataset.alarmPlayedAt"), seconds=BANNER_SECONDS,
             message="the alarm did not play")
        check("the SOS plays the alarm where the browser allows sound", True)
        shoot(anna, "alert-banner")
        anna.set_window_size(*PHONE_SIZE)
        go(walter, server, "home")
        walter.refresh()  # the page was already his home: drawn again, as he would open it
        settle(walter)
        text_in(walter, "#own-emergencies", "No one has answered yet")
        check("his own first page says his SOS was sent and that no one has answered yet", True)
        banner.find_element(By.LINK_TEXT, "Show on the map").click()
        wait(anna, lambda d: d.current_url.endswith(f"#home/{father_id}"), message="the map link did not open People following him")
        text_in(anna, f"#people [data-account='{father_id}']", "The map follows them")
        go(anna, server, "alerts")
        visible(anna, "#alert-list [data-status=open] button.acknowledge")
        wait(anna, lambda d: d.title.startswith("(1)"), message="the title did not show the open SOS")
        check("an open SOS shows in the title badge", anna.title.startswith("(1)"), anna.title)
        text_in(anna, "#alert-list [data-status=open] .escalation", "If nobody answers: a reminder at")
        anna.find_element(By.CSS_SELECTOR, "#alert-list [data-status=open] .who-was-told summary").click()
        text_in(anna, "#alert-list [data-status=open] .deliveries", "Delivered at")
        told = anna.find_element(By.CSS_SELECTOR, "#alert-list [data-status=open] .deliveries").text
        check("the opened alert says who was told on which channel and that it got through",
              "Anna · ntfy “Anna's phone”: the alert — Delivered at" in told, told)
        message = ntfy.next_message()
        check("the SOS reached the ntfy topic as urgent",
              message is not None and message.get("priority") == 5 and "Walter" in message.get("title", ""), json.dumps(message))
        text = (message or {}).get("message", "")
        check("the SOS, sent without a position, says where his newest fix was and how old it is",
              "Where: 48.2" in text and (" ago" in text or "just now" in text), text)
        click = (message or {}).get("click") or ""
        check("the ntfy notification opens the alert in the web app", "/#alerts/" in click, click)
        if "/#alerts/" in click:
            go(anna, server, "alerts/" + click.split("/#alerts/", 1)[1])
            visible(anna, "#alert-list [aria-current=true]")
        audit(anna, "alerts")
        anna.find_element(By.CSS_SELECTOR, "#alert-list [data-status=open] button.acknowledge").click()
        visible(anna, "#alert-list [data-status=acknowledged]")
        check("acknowledging marks the alert acknowledged",
              server.api("GET", "/v1/alerts", token=walter_token)["alerts"][0]["status"] == "acknowledged")
        text_in(walter, "#own-emergencies", "Anna answered your SOS")
        check("his page says who answered his SOS", True)
        shoot(walter, "sos-answered")

        # Walter starts a trip in the browser and shares the access code.
        go(walter, server, "trips")
        walter.set_window_size(*DESKTOP_SIZE)
        trip_map = visible(walter, "#trip-map")
        time.sleep(0.3)
        ActionChains(walter).move_to_element_with_offset(trip_map, 60, -40).click().perform()
        text_in(walter, "#destination-info", "Destination:")
        fill(walter, "#trip-destination-name", "Pharmacy")
        steady(walter, "#trip-start")
        ActionChains(walter).double_click(walter.find_element(By.ID, "trip-start")).perform()
        access_code = visible(walter, "#access-code").text.strip()
        started = server.api("GET", "/v1/trips", token=walter_token)["trips"]
        check("a double tap on Start trip starts one trip", len(started) == 1, json.dumps(started)[:300])
        walter.execute_script("localStorage.clear(); sessionStorage.clear()")
        walter.refresh()
        again = visible(walter, "#access-code").text.strip()
        check("the traveller sees the access code again from the server (as on any of his devices)",
              again == access_code, f"{again} != {access_code}")
        walter.set_window_size(*PHONE_SIZE)
        audit(walter, "trips")

        # The countdown shows its seconds and is cancelled.
        steady(walter, "#countdown-start")
        ActionChains(walter).double_click(walter.find_element(By.ID, "countdown-start")).perform()
        text_in(walter, "#countdown-seconds", " s")
        seconds_shown = int(walter.find_element(By.ID, "countdown-seconds").text.split()[0])
        check("the countdown shows its seconds", 0 < seconds_shown <= 15, str(seconds_shown))
        walter.find_element(By.ID, "countdown-cancel").click()
        text_in(walter, "#countdown-area", "Cancelled")
        checks = [a for a in server.api("GET", "/v1/alerts", token=walter_token)["alerts"] if a["type"] == "danger"]
        check("a double tap on the check starts one countdown", len(checks) == 1, json.dumps(checks)[:300])
        go(anna, server, "alerts")
        text_in(anna, "#alert-list", "Check cancelled by Walter: all is well")
        check("a cancelled check reads as all is well, not as a danger",
              "Danger" not in anna.find_element(By.CSS_SELECTOR, "#alert-list li").text,
              anna.find_element(By.CSS_SELECTOR, "#alert-list li").text)

        # A companion with no account follows the trip on /trip until he arrives.
        companion.get(server.base + "/trip")
        visible(companion, "#watch-form")
        audit(companion, "trip-watch-form")
        fill(companion, "#watch-phone", "0" + FATHER["phone"][3:])  # typed the German way, in a German browser
        fill(companion, "#watch-code", access_code)
        companion.find_element(By.CSS_SELECTOR, "#watch-form button").click()
        text_in(companion, "#trip-status", "On the way")
        check("a companion types the traveller's number the local way and follows the trip", True)
        trip = server.api("GET", "/v1/trips?status=active", token=walter_token)["trips"][0]
        destination = trip["destination"]
        server.api("POST", "/v1/locations", {"samples": [{"t": time.time(), "lat": destination["lat"] + 0.0005,
                                                          "lon": destination["lon"], "accuracy": 10}]}, token=walter_token)
        text_in(companion, "#trip-remaining", "m")
        audit(companion, "trip-watch")
        # Anna sees his trip on her Trips page: where he is, the way, when he arrives.
        go(anna, server, "trips")
        text_in(anna, "#watched-trips", "Walter to Pharmacy")
        text_in(anna, "#trip-facts", "Arrives about")
        check("a guardian's Trips page shows the trip on the map with its arrival time",
              len(anna.find_elements(By.CSS_SELECTOR, "#trip-map path.leaflet-interactive")) >= 2)
        text_in(anna, "#trip-map", "Walter")
        check("the guardian's trip map names him and the destination", "Pharmacy" in anna.find_element(By.ID, "trip-map").text)
        audit(anna, "trips-watched")
        # He shares where he is from the page, then presses SOS there: the browser's position (set
        # through the DevTools protocol) goes with it, and it shows on the companion's page at once.
        sos_place = (destination["lat"] + 0.0011, destination["lon"] - 0.0007)
        walter.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.base, "permissions": ["geolocation"]})
        walter.execute_cdp_cmd("Emulation.setGeolocationOverride",
                               {"latitude": sos_place[0], "longitude": sos_place[1], "accuracy": 12})
        go(walter, server, "trips")
        visible(walter, "#share-now").click()
        text_in(walter, "#status", "Your position was shared")
        latest = server.api("GET", f"/v1/accounts/{father_id}/location", token=walter_token)["location"]
        check("'Share my position now' sends the browser's position",
              abs(latest["lat"] - sos_place[0]) < 1e-6 and abs(latest["lon"] - sos_place[1]) < 1e-6, json.dumps(latest))
        check("during his trip the page offers to send positions while it is open",
              walter.find_element(By.ID, "share-continuously").is_displayed()
              and "only while it is open" in walter.find_element(By.ID, "sharing-status").text)
        visible(walter, "#sos").click()
        posted = time.monotonic()
        text_in(walter, "#status", "SOS sent at")
        text_in(walter, "#sos-status", "with where you are")
        text_in(walter, "#sos-follow", "Where you are now was sent too")
        sos_alert = next(a for a in server.api("GET", "/v1/alerts", token=walter_token)["alerts"] if a["type"] == "sos")
        check("the web app's SOS carries the browser's position",
              abs(sos_alert.get("location", {}).get("lat", 0) - sos_place[0]) < 1e-6, json.dumps(sos_alert))
        text_in(companion, "#trip-emergency", "SOS: Walter needs help", seconds=BANNER_SECONDS)
        check(f"the companion's page shows his SOS within {BANNER_SECONDS} s ({time.monotonic() - posted:.2f} s)", True)
        shoot(companion, "trip-watch-sos")
        for alert in server.api("GET", "/v1/alerts?status=open", token=anna_token)["alerts"]:
            server.api("POST", f"/v1/alerts/{alert['id']}/acknowledge", token=anna_token)
        # A browser slow to say where he is does not hold the SOS back: it goes at once with the last
        # place the server has for him, and his place now follows when the browser gives it.
        walter.refresh()
        settle(walter)
        later_place = (sos_place[0] + 0.0009, sos_place[1])
        walter.execute_script("""
            const [lat, lon] = arguments;
            window.releasePosition = null;
            navigator.geolocation.getCurrentPosition = (found, failed, options) => {
              if (options && options.timeout === 0) { failed({ code: 3, message: "nothing kept" }); return; }
              window.releasePosition = () => found({ timestamp: Date.now(),
                coords: { latitude: lat, longitude: lon, accuracy: 9, speed: null, heading: null, altitude: null } });
            };""", *later_place)
        visible(walter, "#sos").click()
        text_in(walter, "#sos-status", "with the last place we know for you")
        text_in(walter, "#sos-follow", "Finding where you are now")
        slow = server.api("GET", "/v1/alerts?status=open", token=walter_token)["alerts"]
        check("an SOS from a browser slow to find him goes at once, with the newest place the server has",
              len(slow) == 1 and abs(slow[0].get("location", {}).get("lat", 0) - sos_place[0]) < 1e-6, json.dumps(slow))
        shoot(walter, "sos-sent-finding")
        walter.execute_script("window.releasePosition()")
        text_in(walter, "#sos-follow", "Where you are now was sent too")
        latest = server.api("GET", f"/v1/accounts/{father_id}/location", token=walter_token)["location"]
        check("his place now follows the SOS as soon as the browser gives it",
              abs(latest["lat"] - later_place[0]) < 1e-6, json.dumps(latest))
        for alert in server.api("GET", "/v1/alerts?status=open", token=anna_token)["alerts"]:
            server.api("POST", f"/v1/alerts/{alert['id']}/acknowledge", token=anna_token)
        # An SOS pressed with no connection is not lost: the page says it waits for the connection,
        # and sends it (once) when the phone is back online.
        offline = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
        walter.execute_cdp_cmd("Network.enable", {})
        walter.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, **offline})
        visible(walter, "#sos").click()
        text_in(walter, "#sos-status", "will be sent as soon as this phone is online again")
        check("an SOS pressed offline says it will be sent once online, and the button waits",
              not server.api("GET", "/v1/alerts?status=open", token=walter_token)["alerts"]
              and walter.find_element(By.ID, "sos").get_attribute("disabled") is not None)
        walter.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, **offline})
        text_in(walter, "#sos-status", "SOS sent at")
        queued = server.api("GET", "/v1/alerts?status=open", token=walter_token)["alerts"]
        check("back online, the waiting SOS is sent, once", len(queued) == 1 and queued[0]["type"] == "sos", json.dumps(queued)[:300])
        for alert in server.api("GET", "/v1/alerts?status=open", token=anna_token)["alerts"]:
            server.api("POST", f"/v1/alerts/{alert['id']}/acknowledge", token=anna_token)
        walter.find_element(By.ID, "arrive").click()
        text_in(companion, "#trip-status", "Arrived safely")
        check("the companion's page shows the arrival", True)
        text_in(walter, "#trip-arrived", "You arrived at Pharmacy")
        check("the traveller's page says the arrival was shared", True)
        # A trip whose destination has no name is said in words, never as coordinates: the new-trip
        # form names the tapped place, and a trip started by his phone to a spot in his Home zone is
        # "Walter to Home and garden" for Anna; the companion, who may not read his zones, reads
        # "a place on the map".
        visible(walter, "#trip-at-centre").click()
        said = walter.find_element(By.ID, "destination-info").text
        check("the new trip's tapped destination is said in words, not coordinates",
              "the orange ring on the map" in said and not any(ch.isdigit() for ch in said), said)
        home_zone = server.api("GET", f"/v1/accounts/{father_id}/zones", token=walter_token)["zones"][0]
        unnamed = server.api("POST", "/v1/trips", {"destination": {"lat": home_zone["center"]["lat"], "lon": home_zone["center"]["lon"]},
                                                    "mode": "walking"}, token=walter_token)
        # Anna's Trips page, still open on the arrived trip, lists the new one as it starts.
        text_in(anna, "#watched-trips", "Arrived safely at")
        text_in(anna, "#watched-trips", f"Walter to {home_zone['name']}", seconds=LIVE_UPDATE_SECONDS)
        check("a trip started while the guardian's Trips page is open joins its list, and the arrived one says so", True)
        anna.find_element(By.CSS_SELECTOR, f"[data-trip='{unnamed['id']}'] a.follow").click()
        text_in(anna, "#trip-destination", home_zone["name"])
        check("a destination without a name reads as the saved place it lies in, for a guardian", True)
        companion.get(server.base + "/trip")
        visible(companion, "#watch-form")
        fill(companion, "#watch-phone", FATHER["phone"])
        fill(companion, "#watch-code", unnamed["accessCode"])
        companion.find_element(By.CSS_SELECTOR, "#watch-form button").click()
        text_in(companion, "#trip-destination", "the place marked Destination on the map")
        check("the companion reads an unnamed destination as a place on the map, not coordinates",
              not any(ch.isdigit() for ch in companion.find_element(By.ID, "trip-destination").text),
              companion.find_element(By.ID, "trip-destination").text)
        shoot(companion, "trip-watch-unnamed")
        server.api("POST", f"/v1/trips/{unnamed['id']}/arrive", token=walter_token)

        # Journal: Anna adds water; the day's total shows it.
        go(anna, server, "journal/water")
        visible(anna, "#journal-form")
        anna.find_element(By.CSS_SELECTOR, "#journal-form button[type=submit]").click()
        text_in(anna, "#today-totals", "250 ml")
        check("a journal entry shows in the day's totals", True)
        audit(anna, "journal")

        # A headache episode, shared with a doctor who opens the read-only page.
        anna.find_element(By.ID, "episode-toggle").click()
        text_in(anna, "#episode-toggle", "stopped")
        anna.find_element(By.ID, "episode-toggle").click()
        text_in(anna, "#episode-toggle", "started")
        anna.find_element(By.ID, "share-episodes").click()
        share_address = visible(anna, "#share-list .share-address").get_attribute("href")
        check("the journal lists the working link with copy and withdraw",
              anna.find_elements(By.CSS_SELECTOR, "#share-list button.copy") and anna.find_elements(By.CSS_SELECTOR, "#share-list button.withdraw"))
        check("the long share link does not widen the journal on a phone", fits_width(anna), str(page_widths(anna)))
        companion.get(share_address)
        visible(companion, "#shared-episodes")
        rows = companion.find_elements(By.CSS_SELECTOR, "#shared-episodes tbody tr")
        check("the doctor's share page lists the episode", len(rows) == 1, str(len(rows)))
        heading = companion.find_element(By.TAG_NAME, "h1").text
        check("the doctor's page says whose record and which dates",
              heading == "Headache record of Anna" and "1 episode on " in companion.find_element(By.ID, "shared-range").text, heading)
        check("the doctor's page fits a phone", fits_width(companion), str(page_widths(companion)))
        audit(companion, "shared")
        companion.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        printed = companion.execute_script(
            "const shown = (s) => { const e = document.querySelector(s); return !!e && getComputedStyle(e).display !== 'none'; };"
            "return [shown('.top'), shown('#print'), shown('#shared-episodes thead')]")
        check("on paper the doctor's page drops the header and buttons and keeps the table's headings",
              printed == [False, False, True], str(printed))
        companion.set_window_size(*DESKTOP_SIZE)
        companion.save_screenshot(os.path.join(ARTEFACTS, "shared-print.png"))
        companion.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        companion.set_window_size(*PHONE_SIZE)
        anna.find_element(By.CSS_SELECTOR, "#share-list button.withdraw").click()
        anna.switch_to.alert.accept()
        wait(anna, lambda d: not d.find_elements(By.CSS_SELECTOR, "#share-list"), message="the withdrawn link stayed listed")
        companion.refresh()
        text_in(companion, "#view", "expired or was withdrawn")
        check("a withdrawn link no longer opens the record", True)

        # Her brother Ben looks after Walter too; Walter puts Ben first, by keyboard. His browser
        # stands in for an iPhone's Safari without Web Push, which is told to add Homeward to the home screen.
        server.api("POST", "/v1/accounts", {**SON, "password": PASSWORD})
        ben_token = server.api("POST", "/v1/sessions", {"phone": SON["phone"], "password": PASSWORD})["token"]
        walter_code = server.api("PUT", "/v1/me/verification-code", {}, token=walter_token)["code"]
        server.api("POST", "/v1/links", {"phone": FATHER["phone"], "code": walter_code}, token=ben_token)
        ben_id = server.api("GET", "/v1/me", token=ben_token)["id"]
        anna_id = server.api("GET", "/v1/me", token=anna_token)["id"]
        walter.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": "delete window.PushManager;"})
        walter.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": IPHONE_AGENT, "platform": "iPhone"})
        go(walter, server, "notifications")
        walter.refresh()  # a new document, which the script above runs in
        settle(walter)
        text_in(walter, "#push-unavailable", "Add to Home Screen")
        check("without Web Push the button is hidden and an iPhone is told how to get it",
              not walter.find_elements(By.ID, "push-subscribe"))
        visible(walter, f"#escalation-order [data-guardian='{ben_id}']")
        up = walter.find_element(By.CSS_SELECTOR, f"#escalation-order [data-guardian='{ben_id}'] .move-up")
        walter.execute_script("arguments[0].focus()", up)
        up.send_keys(Keys.ENTER)
        wait(walter, lambda d: [e.get_attribute("data-guardian") for e in d.find_elements(By.CSS_SELECTOR, "#escalation-order li")] == [ben_id, anna_id],
             message="Ben did not move up")
        focused = walter.execute_script("const li = document.activeElement.closest('li'); return li && li.dataset.guardian")
        check("moving someone up keeps the keyboard on them", focused == ben_id, str(focused))
        walter.find_element(By.ID, "escalation-one-by-one").click()
        fill(walter, "#escalation-sos", "5")
        walter.find_element(By.CSS_SELECTOR, "#escalation-form button[type=submit]").click()
        text_in(walter, "#status", "Saved")
        escalation = server.api("GET", "/v1/me/escalation", token=walter_token)
        check("the order and minutes Walter chose are saved",
              [g["id"] for g in escalation["order"]] == [ben_id, anna_id] and escalation["minutes"]["sos"] == 5, json.dumps(escalation))
        audit(walter, "notifications-watched")

        # Ben's browser follows the usual rule (no sound before a tap on the page): he opens Homeward
        # without touching it, Walter sends an SOS, and the banner asks for one tap to let it ring.
        ben = browser(sound_without_tap=False)
        drivers.append(ben)
        ben.get(server.base + "/healthz")
        ben.add_cookie({"name": "homeward_session", "value": server.web_session(SON), "path": "/"})
        ben.get(server.base + "/#home")
        visible(ben, "#people [data-account]")
        time.sleep(0.5)
        server.api("POST", "/v1/alerts", {"type": "sos", "message": "Ben?"}, token=walter_token)
        allow = visible(ben, "#alert-banners .banner[data-type=sos] button.sound", seconds=BANNER_SECONDS)
        check("where the browser blocks sound, the SOS banner asks for one tap to allow it",
              ben.execute_script("return document.body.dataset.alarmPlayedAt") is None, allow.text)
        allow.click()
        wait(ben, lambda d: d.execute_script("return document.body.dataset.alarmPlayedAt"), message="the tap did not let it ring")
        check("one tap lets the alarm ring", True)
        ben.find_element(By.CSS_SELECTOR, "#alert-banners .banner[data-type=sos] button.acknowledge").click()
        wait(ben, lambda d: not d.find_elements(By.CSS_SELECTOR, "#alert-banners .banner"), message="Ben's banner stayed")
        wait(anna, lambda d: not d.find_elements(By.CSS_SELECTOR, "#alert-banners .banner"), seconds=BANNER_SECONDS,
             message="Anna's banner stayed after Ben answered")
        check("when Ben acknowledges on his banner, Anna's banner goes too", True)

        # A name is text everywhere: a person called like an HTML image tag stays letters on the map
        # labels, the cards and the banner, and runs nothing.
        server.api("POST", "/v1/accounts", {**MARKUP, "password": PASSWORD})
        markup_token = server.api("POST", "/v1/sessions", {"phone": MARKUP["phone"], "password": PASSWORD})["token"]
        markup_code = server.api("PUT", "/v1/me/verification-code", {}, token=markup_token)["code"]
        server.api("POST", "/v1/links", {"phone": MARKUP["phone"], "code": markup_code}, token=anna_token)
        markup_id = server.api("GET", "/v1/me", token=markup_token)["id"]
        server.api("POST", "/v1/locations", {"samples": [
            {"t": time.time() - 700, "lat": VIENNA[0] + 0.002, "lon": VIENNA[1], "accuracy": 10}]}, token=markup_token)
        server.api("POST", f"/v1/accounts/{markup_id}/zones",
                   {"name": MARKUP["name"], "center": {"lat": VIENNA[0] + 0.002, "lon": VIENNA[1]}, "radius": 100}, token=anna_token)
        go(anna, server, "home")
        visible(anna, f"#people [data-account='{markup_id}']")
        time.sleep(0.5)
        server.api("POST", "/v1/alerts", {"type": "sos"}, token=markup_token)
        old_place = visible(anna, "#alert-banners .banner[data-type=sos]", seconds=BANNER_SECONDS)
        check("an SOS carrying a place from minutes before says it is the last known place, and how old",
              "Last known place, 12 min ago" in old_place.text, old_place.text)
        wait(anna, lambda d: MARKUP["name"] in d.find_element(By.ID, "home-map").text, message="the map label did not show the name")
        for page in ("home", f"zones/{markup_id}", f"person/{markup_id}"):
            if page != "home":
                go(anna, server, page)
                time.sleep(0.5)
            images = anna.find_elements(By.CSS_SELECTOR, "#view img, #alert-banners img, .leaflet-tooltip img")
            check(f"a name written as an HTML tag stays text on {page.split('/')[0]} (no <img>, nothing ran)",
                  not images and anna.execute_script("return window.markupRan") is None
                  and MARKUP["name"] in anna.find_element(By.ID, "view").text, f"{len(images)} images")
            check(f"a long name does not widen {page.split('/')[0]} on a phone", fits_width(anna), str(page_widths(anna)))
        summary = anna.find_element(By.ID, "day-summary").text
        # (Just after midnight his one position, 12 minutes old, was yesterday's.)
        check("a day with one position says \"1 position at …\", not \"1 positions from … to …\"",
              summary.startswith("1 position at ") or summary == "No positions this day.", summary)
        shoot(anna, "markup-name")
        # Leaving a safe zone comes the same way, quieter: a banner, no alarm.
        rung = anna.execute_script("return document.body.dataset.alarmPlayedAt")
        start = time.time() - 66 * 10
        walk = [{"t": start + i * 10, "lat": VIENNA[0] + 0.002 + max(0, i - 30) * 12 / 111320, "lon": VIENNA[1], "accuracy": 8}
                for i in range(66)]
        server.api("POST", "/v1/locations", {"samples": walk}, token=markup_token)
        posted = time.monotonic()
        left = visible(anna, "#alert-banners .banner[data-type=left_zone]", seconds=BANNER_SECONDS)
        check(f"leaving a safe zone shows a banner within {BANNER_SECONDS} s ({time.monotonic() - posted:.2f} s), without the alarm",
              "Left a safe zone" in left.text and "banner-quiet" in left.get_attribute("class")
              and anna.execute_script("return document.body.dataset.alarmPlayedAt") == rung, left.text)
        anna.find_element(By.CSS_SELECTOR, "#alert-banners .banner[data-type=sos] button.acknowledge").click()
        wait(anna, lambda d: not d.find_elements(By.CSS_SELECTOR, "#alert-banners .banner[data-type=sos]"),
             message="the acknowledged banner stayed")
        statuses = {a["type"]: a["status"] for a in server.api("GET", "/v1/alerts", token=markup_token)["alerts"]}
        check("Acknowledge on the banner acknowledges the alert", statuses.get("sos") == "acknowledged", json.dumps(statuses))
        for alert in server.api("GET", "/v1/alerts?status=open", token=anna_token)["alerts"]:
            server.api("POST", f"/v1/alerts/{alert['id']}/acknowledge", token=anna_token)
        wait(anna, lambda d: not d.find_elements(By.CSS_SELECTOR, "#alert-banners .banner"), seconds=BANNER_SECONDS,
             message="banners answered elsewhere stayed")
        check("a banner goes when someone else acknowledges the alert", True)

        # A guardian whose one person has never sent a position is told why the map is empty, until
        # the first position comes.
        newcomers = [{"name": "Greta", "phone": "+4915112345674"}, {"name": "Otto", "phone": "+4915112345675"}]
        for person in newcomers:
            server.api("POST", "/v1/accounts", {**person, "password": PASSWORD})
        otto_token = server.api("POST", "/v1/sessions", {"phone": newcomers[1]["phone"], "password": PASSWORD})["token"]
        greta_token = server.api("POST", "/v1/sessions", {"phone": newcomers[0]["phone"], "password": PASSWORD})["token"]
        otto_code = server.api("PUT", "/v1/me/verification-code", {}, token=otto_token)["code"]
        server.api("POST", "/v1/links", {"phone": newcomers[1]["phone"], "code": otto_code}, token=greta_token)
        companion.get(server.base + "/healthz")
        companion.add_cookie({"name": "homeward_session", "value": server.web_session(newcomers[0]), "path": "/"})
        go(companion, server, "home")
        empty = visible(companion, "#map-empty")
        check("before anyone's first position, People says the map waits for it", empty.text.startswith("The map shows"), empty.text)
        time.sleep(0.5)  # the event stream is open once the page has drawn
        server.api("POST", "/v1/locations", {"samples": [{"t": time.time(), "lat": VIENNA[0], "lon": VIENNA[1], "accuracy": 10}]}, token=otto_token)
        wait(companion, lambda d: not d.find_elements(By.ID, "map-empty"), seconds=LIVE_UPDATE_SECONDS, message="the note stayed")
        check("the note goes when the first position comes", True)
        # Otto ends the link; Greta, opening his day from an old address, is told why it is gone.
        otto_id = server.api("GET", "/v1/me", token=otto_token)["id"]
        ended = server.api("GET", "/v1/links", token=otto_token)["guardians"][0]["id"]
        server.api("DELETE", f"/v1/links/{ended}", token=otto_token)
        go(companion, server, f"person/{otto_id}")
        text_in(companion, "#page-gone", "may have ended their link with you")
        check("a page about someone who ended the link says so, with the way back, not \"Something went wrong\"",
              "Something went wrong" not in companion.find_element(By.ID, "view").text
              and companion.find_elements(By.CSS_SELECTOR, "#view a[href='#home']"))

        go(anna, server, "profile")
        visible(anna, "#profile-form")
        audit(anna, "profile")
        # Her session ends while a page is open (here its cookie is gone): the next page she opens
        # does not say "Something went wrong" but asks her to log in, and then takes her there.
        anna.delete_cookie("homeward_session")
        anna.get(server.base + "/#alerts")
        text_in(anna, "#signed-out", "You were signed out")
        check("a session that ended leads to the log-in page with why, not to an error", anna.find_elements(By.ID, "login-form"))
        fill(anna, "#login-form input[name=phone]", DAUGHTER["phone"])
        fill(anna, "#login-form input[name=password]", PASSWORD)
        anna.find_element(By.CSS_SELECTOR, "#login-form button[type=submit]").click()
        visible(anna, "#alert-list")
        check("after logging in again she is back on the page she was opening", anna.current_url.endswith("#alerts"), anna.current_url)
        go(anna, server, "profile")
        visible(anna, "#profile-form")

        # Import history: Anna brings in a week of her father's GPX from another app (mornings at the
        # gym, two kilometres north); the bar fills, the result is said in plain words with the places
        # learned; then a file cut off in the middle says where it stopped and keeps what came before.
        gym = (VIENNA[0] + 0.018, VIENNA[1])
        points = []
        for days_ago in range(4, 11):
            evening = day_start - days_ago * 86400 + 18 * 3600
            for minute in range(40):
                stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(evening + minute * 60))
                points.append(f'<trkpt lat="{gym[0]}" lon="{gym[1]}"><time>{stamp}</time></trkpt>')
        gpx_path = os.path.join(server.directory, "walter-week.gpx")
        with open(gpx_path, "w") as gpx:
            gpx.write('<?xml version="1.0"?>\n<gpx version="1.1"><trk><trkseg>\n' + "\n".join(points) + "\n</trkseg></trk></gpx>\n")
        visible(anna, "#import-panel")
        anna.execute_script("arguments[0].scrollIntoView({block: 'center'})", anna.find_element(By.ID, "import-panel"))
        anna.execute_script("const s = document.getElementById('import-whose'); s.value = arguments[0]; s.dispatchEvent(new Event('change'))",
                            father_id)
        anna.find_element(By.ID, "import-file").send_keys(gpx_path)
        anna.find_element(By.ID, "import-start").click()
        text_in(anna, "#import-status", "places learned")
        said = anna.find_element(By.ID, "import-status").text
        check("an import of his history says what it stored and the places learned in plain words",
              said.startswith(f"{len(points)} positions ") and "; 0 duplicates; " in said and "Home" in said, said)
        imports = server.api("GET", f"/v1/accounts/{father_id}/imports", token=walter_token)["imports"]
        check("the import is his, done, with every position", imports and imports[0]["state"] == "done"
              and imports[0]["positions"] == len(points), json.dumps(imports))
        text_in(anna, "#import-list", "Undo this import")
        shoot(anna, "import-history")
        cut_path = os.path.join(server.directory, "walter-cut.gpx")
        with open(gpx_path) as whole, open(cut_path, "w") as cut:
            text = whole.read()
            cut.write(text[:text.index("<trkpt", len(text) // 2) + 20])
        anna.find_element(By.ID, "import-file").send_keys(cut_path)
        anna.find_element(By.ID, "import-start").click()
        text_in(anna, "#import-status", "What came before is kept")
        said = anna.find_element(By.ID, "import-status").text
        check("a file cut off in the middle says where it stopped, in words", "cut off at line" in said and "duplicates" in said, said)
        shoot(anna, "import-history-cut")
        fill(anna, "#password-form input[name=currentPassword]", PASSWORD)
        fill(anna, "#password-form input[name=newPassword]", "Changed-pass3")
        anna.find_element(By.CSS_SELECTOR, "#password-form button[type=submit]").click()
        text_in(anna, "#status", "Password changed")
        text_in(anna, "#password-done", "Your password is changed")
        check("the profile changes the password",
              server.api("POST", "/v1/sessions", {"phone": DAUGHTER["phone"], "password": "Changed-pass3"}) is not None)
        anna.find_element(By.ID, "logout").click()
        visible(anna, "#login-form")
        check("logging out ends the cookie session",
              anna.execute_script("return fetch('/v1/web/session').then(r => r.status)") == 401)

        # A forgotten password: the page says how to get a link; `homeward reset-password` prints one,
        # which sets a new password; she logs in with it.
        anna.find_element(By.ID, "forgot-password").click()
        text_in(anna, "#reset-by-admin", "Ask whoever runs this Homeward")
        check("a server that cannot send mail offers no email form for a forgotten password, only the way that works",
              not anna.find_elements(By.ID, "reset-request-form"))
        audit(anna, "forgot-password")
        printed = subprocess.run([BINARY, "reset-password", "--phone", DAUGHTER["phone"], "--database",
                                  os.path.join(server.directory, "db.sqlite"), "--public-base-url", server.base],
                                 capture_output=True, text=True, check=True).stdout
        anna.get(printed.splitlines()[0])
        visible(anna, "#reset-form")
        audit(anna, "reset")
        fill(anna, "#reset-form input[name=newPassword]", "New-secret-pass2")
        anna.find_element(By.CSS_SELECTOR, "#reset-form button[type=submit]").click()
        text_in(anna, "#reset-done", "signed out on every phone and computer")
        check("a reset link from the command line sets a new password",
              server.api("POST", "/v1/sessions", {"phone": DAUGHTER["phone"], "password": "New-secret-pass2"}) is not None)
    except Exception as error:  # a failed wait is a failed test, with what the page showed
        failures.append(f"{type(error).__name__}: {getattr(error, 'msg', None) or error}")
        print("FAIL", failures[-1])
        for index, driver in enumerate(drivers):
            driver.save_screenshot(os.path.join(ARTEFACTS, f"failure-{index}.png"))
    finally:
        for driver in drivers:
            driver.quit()
        if failures:
            server.log.flush()
            with open(server.log.name) as log:
                lines = log.readlines()
                print("server log (last lines):", *[line.rstrip() for line in lines[-15:]], sep="\n  ")
                print("event streams:", *[line.rstrip() for line in lines if "/v1/events" in line][-12:], sep="\n  ")
        server.stop()
        ntfy.stop()
    print(f"pages checked with axe and photographed: {', '.join(pages_checked)}")
    print(f"screenshots in {ARTEFACTS}")
    if failures:
        print(f"{len(failures)} failed")
        sys.exit(1)
    print("all passed")


if __name__ == "__main__":
    main()
