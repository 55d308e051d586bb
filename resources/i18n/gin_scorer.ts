<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1">
<context>
    <name>AddEntrantsDialog</name>
    <message>
        <source>Add entrants — {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add entrants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>type, paste or import at least one entrant</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BracketCanvas</name>
    <message>
        <source>Bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arrow keys move between matches; Enter opens one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} · table {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} · double-click to open the score sheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} · not paired yet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BracketPanel</name>
    <message>
        <source>Bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This event is not an elimination: no bracket to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double elimination, {0} places</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Single elimination, {0} places</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — champion: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ marks the winner · double-click a match (or select it and press Enter) to open its score sheet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CardsPanel</name>
    <message>
        <source>Knocker’s cards:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. 7h 8h 9h Kc Kd Ks …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Defender’s cards:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ten cards, e.g. Qh Qs Qd 10h …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clicks go to the knocker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to the defender</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} ({1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the cards do not agree with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save hand with cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}’s cards (knocker):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}’s cards:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Declared: {0} {1}   (A = {2}, B = {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Declared: — (type the hand on the entry line first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Knocker&lt;/b&gt; ({0} cards): melds {1}; deadwood {2} = &lt;b&gt;{3}&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Defender&lt;/b&gt;: melds {0}; lays off {1}; deadwood {2} = &lt;b&gt;{3}&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type or click each player&apos;s cards to check the declaration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ the cards agree with the declaration</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ClubWindow</name>
    <message>
        <source>Club: players and seasons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Players and ratings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Seasons</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CorrectHandCommand</name>
    <message>
        <source>Correct hand {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoPlay</name>
    <message>
        <source>Playing a simulated {0}-player Swiss event…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo could not be played: {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EntrantEditDialog</name>
    <message>
        <source>Entrant — {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Club:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EntrantsEditor</name>
    <message>
        <source>One name per line (a team as “Ann Lee &amp; Bob Roe” or “Ann &amp; Bob &amp; Cy”), or paste rows from a spreadsheet (name, club, member number, seed, partner), or Import CSV… (a header row with a &apos;name&apos; column).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entrants, one per line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ann Lee
Bob Marsh
…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import &amp;CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No entrants yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} (and {1} more problem)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} (and {1} more problems)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✖ {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 entrant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} entrants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not read {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EntrantsView</name>
    <message>
        <source>✔ yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✖ withdrawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entrants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check in / out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withdraw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reinstate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Away next round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Swiss: sits the next round out, not paired and no bye (again: back after all). Once the round is paired, report the match as a forfeit instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix the name, club or seed (also: double-click the row)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add entrants…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entrants — {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} entrants, {1} active, {2} checked in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; away next round: {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ErrorReport</name>
    <message>
        <source>Something went wrong: {0}: {1}. What was already saved is safe: every recorded hand is in the database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The details are in {0}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EventActions</name>
    <message>
        <source>Custom preset skipped: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No database is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import an event file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event files (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} cannot be read: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported {0} ({1} entrants) from {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 entrant added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} entrants added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format settings saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule set saved: new matches use it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Director&apos;s PIN set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Director&apos;s PIN cleared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✖ {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is open again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The event needs two entrants first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start next round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✖ No round is paired yet: start a round first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 result entered for round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} results entered for round {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take back a round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Playing a simulated 16-player Swiss event…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EventPage</name>
    <message>
        <source>✖ {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EventPinDialog</name>
    <message>
        <source>Director&apos;s PIN — {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current PIN:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4 or more characters; empty clears the PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New PIN:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New PIN again:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the two new PINs differ: type them again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish the event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close {0}? Its results stay as they are; no more rounds, entrants or hands until it is reopened (with the director&apos;s PIN).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close {0}? Its results stay as they are; no more rounds, entrants or hands until it is reopened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reopen the event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is finished. Reopen it (with the director&apos;s PIN)?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is finished. Reopen it?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EventRulesDialog</name>
    <message>
        <source>Rule set — {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;{0}&lt;/b&gt; plays &lt;b&gt;{1}&lt;/b&gt;. A change applies to matches created from now on; matches already paired keep the rules they started with.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EventSettingsDialog</name>
    <message>
        <source>Format settings — {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;{0}&lt;/b&gt; · {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>suggested from the field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Swiss &amp;rounds:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair only entrants who checked in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check-in:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a second grand final if the losers&apos; bracket champion wins the first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bracket reset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tie-breaks — ticked ones rank entrants, top first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tie-breaks, in order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move &amp;up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move &amp;down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A &amp;bye is worth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a match won</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game wins:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Points (differential):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A &amp;forfeit and time called</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count as played (opponents&apos; wins, played)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off: a forfeit is unplayed, as FIDE and US Chess count unplayed games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the unfinished game&apos;s points count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forfeit game wins:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Points a game:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tie-breaks:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time called:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entrants who always sit at one &amp;table (a wheelchair place, a board)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entrants who always sit at one table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entrant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as many as winning a match takes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EventViews</name>
    <message>
        <source>Entrants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pairings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bracket</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HelpDialog</name>
    <message>
        <source>Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The help file {0} is missing from this installation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Menu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} or {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gin Scorer help</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Gin Scorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events, rounds and tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find a player or table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find a player or table  (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Station: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last save: —</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seal {0} copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No table has {0!r} in its line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} of {1}: {2} · {3} · {4}  ·  Enter opens it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  ·  ↓ ↑ the others</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score &amp;sheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Entrants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;tandings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pairings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Round status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Club</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Scoring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Players and ratings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Seasons…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed the event by &amp;rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Gin Scorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gin Scorer &amp;help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Actual size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cards panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a database first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed by rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} entrants seeded by rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open an event first (the navigator, or Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This event has no bracket: it is not a knockout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom {0} %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New event…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open database…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a &amp;server database (URL)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try a &amp;demo event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import an event file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Back up now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Restore a backup…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add &amp;entrants…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import entrants from CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New &amp;match…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start next &amp;round…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter re&amp;sults from slips…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Take back the latest round…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Format settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R&amp;ule set…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Director&apos;s PIN…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish or re&amp;open the event…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find a pla&amp;yer or table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Projector mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round c&amp;lock…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ope&amp;n the room…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo the last change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Entry line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Correct selected hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Void selected hand…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;ype the cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Lock result…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>U&amp;nlock result…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ta&amp;ke back the reported result…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MatchPanel</name>
    <message>
        <source>No match open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score sheet: one line per hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games: points, boxes, bonuses, result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New hand:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hand entry line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ak7 15  ·  bg22  ·  abg30  ·  d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First dealer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a table in the navigator (or find a player with Ctrl+F); Event → New match… starts one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a = {0}, b = {1}  ·  {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — {1} v {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} v {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not finished: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open a match first (Event navigator, or Scoring → New match)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correct hand {0}:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game {0}: &lt;b&gt;{1} {2}&lt;/b&gt; – &lt;b&gt;{3} {4}&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>games won {0} – {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rules: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;match won by {0}&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;match won by nobody&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>next dealer: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>🔒 locked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} won</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no winner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is finished ({1}): take back the reported result (Scoring menu) to enter hands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is finished ({1}): correct a hand with F2, or void it with Ctrl+Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;forfeit: {0} has withdrawn&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} counts as a forfeit: {1} has withdrawn (reinstate {1} on the Entrants tab to enter hands)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NavigatorModel</name>
    <message>
        <source>bye</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T{0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} v {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}  ({1}/{2} done, 1 bye)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}  ({1}/{2} done, {3} byes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}  ({1}/{2} done)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} · {1} · {2}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NearPlayers</name>
    <message>
        <source>Same person?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} looks like {1}, entered in {2} event(s). Same person?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Same person</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Someone &amp;else</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped: nothing was added; the list is as you left it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NewEventDialog</name>
    <message>
        <source>New event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. Autumn Open 2026</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional: guards corrections and locked results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Date:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Venue:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Director PIN:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entrants:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rules in words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every knob, as it will be frozen:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event needs a name</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NewMatchDialog</name>
    <message>
        <source>New table of three</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player &amp;A:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player &amp;B:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player &amp;C:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Table:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>choose player {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>player {0}: no active entrant is called {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} cannot play themself: choose another player B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} cannot play themself: choose another player C</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OverrideDialog</name>
    <message>
        <source>Director&apos;s override</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;The cards do not agree with the declaration:&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the cards do not agree with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record it anyway? The director&apos;s reason (kept on the sheet):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The director&apos;s reason for the override</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. players agreed the count at the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record with override</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a reason is required for an override</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PairingsView</name>
    <message>
        <source>pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>playing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>locked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bye</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— bye —</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} and {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pairings by table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pairings by name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;By table&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;By name&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pairings — round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, {0} bye</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlayerCharts</name>
    <message>
        <source>Rating after each rated match (band: ± uncertainty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rated matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matches won (green) and lost (red) at each event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>won</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lost</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlayerPage</name>
    <message>
        <source>Choose a player on the left to see their page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head to head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matches</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlayersTab</name>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Club</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Member</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rated matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find a player: name, club or number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Merge a duplicate into this one…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Print this page…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;ratings (CSV)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — #{1}, 1 event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — #{1}, {2} events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge a duplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which record is also {0}? Its entries move to {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the ratings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProblemLabel</name>
    <message>
        <source>✖ {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProjectorWindow</name>
    <message>
        <source>Seal {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gin Scorer — projector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seal of what is shown: “gin-scorer verify --seal CODE” proves nothing recorded before it has changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✖ {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gin Scorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0}: find your table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0} pairings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to show yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>turning by itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused (P turns again)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>page {0} of {1} · {2} · ← → pages · P pause · Esc closes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RecordHandCommand</name>
    <message>
        <source>Record hand {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReportActions</name>
    <message>
        <source>&amp;Standings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pairings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score s&amp;heet…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blank p&amp;ad…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result s&amp;lips…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Bracket…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pla&amp;yer sheet…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Table tents…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;ign-in sheet…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name ba&amp;dges…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export event (&amp;JSON)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;entrants (CSV)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;results (CSV)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export ha&amp;nds (CSV)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the {0} report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing {0}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote {0} in {1:.1f} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} (*.{1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this match has no reported result to take back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take back the result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why is the reported result taken back?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reported result taken back: the hands decide again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a match first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Station: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gin Scorer {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score keeping for Gin Rummy tournaments and clubs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Gin Scorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every keyboard shortcut</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RestoreDialog</name>
    <message>
        <source>made by hand (Back up now)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatic (on opening, or every so many hands or minutes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before the database was upgraded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database as it was just before a restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore a backup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace &lt;b&gt;{0}&lt;/b&gt; by a backup. The database as it is now is backed up first, so a restore can itself be undone by restoring that copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backups, newest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No backups of this database yet: choose a file with “Other file…”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Other file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seal this backup was taken with: sheets printed from it carry “Seal {0}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No seal could be read from this backup.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gin-scorer backups (*.sqlite *.db);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ResultsDialog</name>
    <message>
        <source>Results from slips — round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tables still owing a result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Results line: table, winner, games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table, winner, games — e.g. 12 a 3-1, then Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each game&apos;s final, optional</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional: each game&apos;s final, A-B, e.g. 375-120 90-380 …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each game&apos;s final from the foot of the pad (boxes and bonuses in), A-B, in the order played, then Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✖ {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Still owing a result: {0} of {1} tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every table of round {0} has its result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 hand, {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} hands, {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no hands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table {0}:  {1}  ({2}; its hands decide it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table {0}:  {1} v {2}  ({3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✖ no table {0} in round {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — {1} ⏎  (it has a result: Enter asks to replace it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — {1} ⏎</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ Table {0}: {1}  ({2} entered)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing entered: {0} keeps what it had.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}

{1}.

Replace it with: {2}?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(bye)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table {0}: {1} v {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a table of three takes no slip: its result comes from its hands, entered on its score sheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — ✖ {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RoomDialog</name>
    <message>
        <source>The room — {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The players&apos; phones open the room: where everyone sits, the tables&apos; results and the standings, live; /projector for the wall. Each table enters its own hands from the code on its table tent (Reports → Table tents, printed while the room is open), and both players confirm the result there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This computer only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everyone on this computer&apos;s networks (the venue&apos;s Wi-Fi)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port the room listens on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Who can open it:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QR code of the room&apos;s address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The room closes when you close the app.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open the room</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The room is closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close the room</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The room is open at:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(only this computer can open it)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RoundClock</name>
    <message>
        <source>Round {0} · {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RoundClockDialog</name>
    <message>
        <source>Round clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Length of the round in minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0} lasts:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The round lasts:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The projector (F11) and the status bar show the time left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;start</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RoundPage</name>
    <message>
        <source>Round shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No round paired yet: Event → Start next round (Ctrl+R).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RoundPreviewDialog</name>
    <message>
        <source>1 table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Round {0}&lt;/b&gt; would seat {1}. Nothing is saved until you pair it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 bye</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} byes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Round {0}&lt;/b&gt; would seat {1} and give {2}. Nothing is saved until you pair it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0} — {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pair round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bye</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RulesEditor</name>
    <message>
        <source>Rule-set preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save as custom preset…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} (custom)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✖ {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name of the custom preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✖ could not save the preset: {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScoreSheetModel</name>
    <message>
        <source>Game {0}: running score, {1} – {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game {0}
A – B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}
total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deadwood</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: it counts for nothing.
Withdrawn by {1}, {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deal · table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deals, sits out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Points</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScoringPage</name>
    <message>
        <source>not recorded: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (Ctrl+Z undoes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correct hand {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>correction needs a reason; nothing changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>corrected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select the hand to void on the sheet first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Void hand {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand {0} voided ({1}): crossed out on the sheet, it counts for nothing (Ctrl+Z brings it back)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand {0} {1}: {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SealLabel</name>
    <message>
        <source>The seal covers everything recorded so far; “gin-scorer verify --seal {0}” later proves none of it has changed since. Click to copy it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No seal yet: nothing has been recorded. From the first save on, the seal covers everything recorded and “gin-scorer verify --seal CODE” proves later that none of it has changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seal: none yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seal {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seal {0}
{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy seal</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SeasonDialog</name>
    <message>
        <source>Season</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per match won and lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per place in each night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Points:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A match &amp;won:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A match &amp;lost:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Places 1st, 2nd …:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A night &amp;played:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Count the best:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Nights to qualify:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>places: whole numbers with commas, as 10, 8, 6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the season a name.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SeasonEventsDialog</name>
    <message>
        <source>Events in the season</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The season counts the events ticked:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SeasonsTab</name>
    <message>
        <source>Season</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Season:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New season…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Events…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Scoring…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Print table…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show on the p&amp;rojector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No season yet: New season… makes one, then Events… chooses the club nights and tournaments it counts.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>surname</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the name as typed (first name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How every list of players is sorted: the Entrants tab, the pairings by name, the room, the projector and the printouts. Kept in the database, so every station lists the same. A name typed “Surname, Given” says where its surname is (García Márquez, Xiomara).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the platform&apos;s data folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default rules preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Station name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backup every:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paper size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Projector page time:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List players by:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StandingsView</name>
    <message>
        <source>Standings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standings after round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standings — {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} entrants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; {0} share a place (marked “=”)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>. Click a column heading to sort.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
{0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StationSync</name>
    <message>
        <source>Cannot open {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open {0}: {1} In the app: File → Restore a backup… and choose the newest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open or create a database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gin Scorer database (*.sqlite *.db);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a server database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PostgreSQL URL, e.g. postgresql+psycopg://user@host/gin:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other stations&apos; changes not read: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No database is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backing up…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backed up to {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back up now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The backup failed: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was restored: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore a backup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restored from {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database as it was is kept in {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The damaged database was moved to {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backup interval not changed: {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StatusView</name>
    <message>
        <source>Round {0}: {1} finished, {2} playing, {3} waiting, {4} disputed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0}: {1} finished, {2} playing, {3} waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round status: each table&apos;s result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0} status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — ⚠ missing a result: table {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — ✔ every table has its result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — ⚑ the players dispute the result at table {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VoidHandCommand</name>
    <message>
        <source>Void hand {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <source>&lt;h1&gt;Gin Scorer&lt;/h1&gt;&lt;p&gt;Score keeping for Gin Rummy tournaments and clubs.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New event…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try a demo event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Events in this database&lt;/b&gt; (Enter or double-click opens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 entrant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} entrants</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WindowState</name>
    <message>
        <source>Score sheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not read: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last save: {0:%H:%M:%S}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select the hand to correct on the sheet first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open an event first</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>_MatchCommand</name>
    <message>
        <source>it may or may not have been saved: press Enter again when the server answers (it will not be recorded twice)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>press Enter again when the server answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redone: {0} (Ctrl+Z undoes it again)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undone: {0} (Ctrl+Shift+Z redoes it)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>announcements</name>
    <message>
        <source>hand {0} {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand {0} {1}: {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>game {0} to {1}, {2}–{3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match to {0}, 1 game to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match to {0}, {2} games to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>games {0}–{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bye</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <source>The room cannot show this event: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0}: find your table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0} pairings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} and {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>argparse</name>
    <message>
        <source>show program&apos;s version number and exit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>usage: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>positional arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>subcommands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>show this help message and exit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>argument %(argument_name)s: %(message)s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the following arguments are required: %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one of the arguments %s is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unrecognized arguments: %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not allowed with argument %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ignored explicit argument %r</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected one argument</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected at most one argument</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected at least one argument</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected %s argument</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected %s arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ambiguous option: %(option)s could match %(matches)s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected option string: %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid %(type)s value: %(value)r</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid choice: %(value)r (choose from %(choices)s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown parser %(parser_name)r (choices: %(choices)s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>argument &quot;-&quot; with mode %r</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>can&apos;t open &apos;%(filename)s&apos;: %(error)s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%(prog)s: error: %(message)s
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>.__call__() not defined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conflicting subparser: %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conflicting subparser alias: %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conflicting option string: %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conflicting option strings: %s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot merge actions - two groups are named %r</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;required&apos; is an invalid argument for positionals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid option string %(option)r: must start with a character %(prefix_chars)r</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dest= is required for options like %r</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid conflict_resolution value: %r</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mutually exclusive arguments must be optional</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot have multiple subparser arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%r is not callable</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>backup_dialog</name>
    <message>
        <source>Restore a backup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database is guarded: the director&apos;s PIN:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>backups</name>
    <message>
        <source>no backup yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backed up just now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backed up {0} min ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backed up {0} h ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backed up {0} days ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no backup holds the writes of the last {0} minutes ({1})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bracket</name>
    <message>
        <source>{0} · table {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Winners&apos; bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Losers&apos; bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Later rounds and final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — part {1} of {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A score marked S came from a slip, F from a forfeit, T from time called, A from the director&apos;s ruling; unmarked scores come from the recorded hands.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bracket (blank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bracket — champion {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>bracket_words</name>
    <message>
        <source>Round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quarter-final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Semi-final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Winners&apos; round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Winners&apos; quarter-final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Winners&apos; semi-final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Winners&apos; final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Losers&apos; round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Losers&apos; final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grand final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grand final (reset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quarter-final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>semi-final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>winners&apos; round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>winners&apos; quarter-final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>winners&apos; semi-final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>winners&apos; final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>losers&apos; round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>losers&apos; final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grand final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grand final (reset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bye</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>({0}) {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>winner {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>winner of {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loser {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loser of {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Champion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runner-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>withdrew before {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out in {0} ({1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>still in</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cards_analysis</name>
    <message>
        <source>a dead hand has no cards to check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>type the hand on the entry line first (e.g. ak7 15), then its cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}’s hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} cannot be in both hands</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cli</name>
    <message>
        <source>(see: {0} --help)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the details could not be written to a log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the details are in {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score keeping for Gin Rummy tournaments and clubs. With no command, opens the app.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>database: a SQLite file path or a postgresql+psycopg:// URL (default: ${0}, else gin-scorer.sqlite in your data folder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>create the SQLite file --db names if it does not exist yet (in a folder that exists); without it a missing file is refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after the command, say on standard error what it wrote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open the main window, then close it and exit (checks an installation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this is a fault of gin-scorer, not of your input ({0}); nothing more was saved; {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it may or may not have been saved: run the same command again when the server answers (it will not be recorded twice)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run the same command again when the server answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused (no reason given)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}... ({1} characters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is too large a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a whole number: write it with the digits 0-9</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is too large (at most {1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is too small (at least {1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not 1 or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is less than 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a share from 0 to 1 (or 0% to 100%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>who enters it (default: this station&apos;s name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>who enters it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line {0}: the line is not UTF-8 text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line {0}:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no folder {0} for the database {1}: check the path (gin-scorer never creates folders for a database)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no database {0}: check the path, or create it with --create (or with gin-scorer event new, or the app&apos;s File → Open database…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gin-scorer: automatic backups work again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--db shows its password to everyone who lists this computer&apos;s processes: give the URL without it, and put the password in {0}, in ~/.pgpass (or the file PGPASSFILE names), or type it when asked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password for {0}: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to delete event {0} ({1}) give its name with --confirm NAME, or --yes (nothing was deleted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the event&apos;s name to delete it ({0}): </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} ({1}) deleted: {2} entrants, {3} matches and {4} hands kept in the database, sealed, out of every list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}, 1 point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}, {1} points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>suggested from the field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rounds:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tie-breaks:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a bye is worth:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bracket reset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>check-in needed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0} at table {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fixed tables:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a match win, the games a won match takes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no match win, the games a won match takes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a match win, 1 game win</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no match win, 1 game win</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a match win, {0} game wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no match win, {0} game wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}, 1 point a game, played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}, 1 point a game, unplayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}, {1} points a game, played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}, {1} points a game, unplayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the leader in games, then in the current game&apos;s points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the director decides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}; the unfinished game&apos;s points count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a forfeit is:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time called:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--entry names the log row itself: leave out --hand and the match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} has no hand on its sheet yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} has hands 1 to {1} on its sheet: there is no hand {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>say which hand: --hand N (its number on the sheet) with --match ID or --event ID --table N, or --entry ID (its row in the log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} alone is neither: for log entry {0} write --entry {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0}: hand {1} corrected (log entry {2} replaces entry {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0}: hand {1} voided (log entry {2} voids entry {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0}: log entry {1} voided by entry {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>newest undo in match {0} taken back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>newest change to match {0} undone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--override and --dealer name one hand: give them without -</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}; nothing was recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name the match (--match ID, or --event ID --table N), or give --event alone and start each line with its table number (12 ak7 15)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line {0}: start it with the table number, e.g. 12 ak7 15</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line {0}: there is no table {1} in round {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 line cannot be recorded (above); nothing was recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} lines cannot be recorded (above); nothing was recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line {0} (table {1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table {0} (match {1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} hands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recorded 1 hand (one transaction)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recorded {0} hands in 1 match (one transaction)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recorded {0} hands in {1} matches (one transaction)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a whole hand: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}; write it as the entry line (ak7 15) or as JSON like &apos;{{&quot;knock&quot;: &quot;A&quot;, &quot;deadwood&quot;: {{&quot;A&quot;: 7, &quot;B&quot;: 15}}}}&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deal {0} table {1}: teams {2}-{3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0}: {1}-{2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>game {0}: {1}-{2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P{0} deals, A=P{1} B=P{2}: {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game {0}: in play, to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game {0}: won by {1} by {2} (shutout)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game {0}: won by {1} by {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>points {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>boxes {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>box bonus {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>game bonus {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shutout {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hands after the end, counted nowhere: line {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P{0}: {1}  (points {2}, boxes {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Three players: won by P{0}; next dealer P{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Three players: in play; next dealer P{0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teams of {0} to {1}: team A {2}, team B {3}; won by team {4} (1 deal swept, worth {6})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teams of {0} to {1}: team A {2}, team B {3}; won by team {4} ({5} deals swept, {6} each)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teams of {0} to {1}: team A {2}, team B {3}; in play (1 deal swept, worth {5})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teams of {0} to {1}: team A {2}, team B {3}; in play ({4} deals swept, {5} each)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partnership to {0}: team A {1}, team B {2}; won by team {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partnership to {0}: team A {1}, team B {2}; in play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deals after the end, counted nowhere: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hollywood: games A {0}, B {1}; won by {2}; margin (A - B) {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match: games A {0}, B {1}; won by {2}; margin (A - B) {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hollywood: games A {0}, B {1}; finished level; margin (A - B) {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match: games A {0}, B {1}; finished level; margin (A - B) {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hollywood: games A {0}, B {1}; in play; margin (A - B) {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match: games A {0}, B {1}; in play; margin (A - B) {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match {0}: won by {1}; score A {2}, B {3}; credited A {4}, B {5}; totals A {6}, B {7}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match {0}: in play; score A {1}, B {2}; credited A {3}, B {4}; totals A {5}, B {6}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multi-match to {0}: A {1}, B {2}; won by {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multi-match to {0}: A {1}, B {2}; in play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name the match by --match, or by --event and --table, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name the match: --match ID, or --event ID --table N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>result: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(bye)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0}: reported result taken back; {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>playing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>locked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: nobody wins, games {1}–{2}, margin {3}; {4}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: nobody wins, games {1}–{2}, no game points; {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} wins, games {2}–{3}, margin {4}; {5}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} wins, games {2}–{3}, no game points; {4}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>say what to do: --new-pin PIN to set the PIN, or --clear to clear it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Director PIN: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database is busy: retrying ({0} s)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server is not answering: retrying ({0} s)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>already saved (hand {0}): the match&apos;s newest entry is this same line, entered by this command a moment ago; nothing was recorded twice. If it is another hand with the same score, add --expect-version {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saved (hand {0}): an earlier try had reached the database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seal: none yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seal: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gin-scorer: nothing was written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gin-scorer: written: {0} event(s), {1} round(s), {2} table(s), {3} entrant(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; the standings may have moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--declared checks one hand: give its cards, not -</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>which cards? e.g. &apos;gin-scorer analyze 7h 8h 9h 9c 9d 9s 2c 3d Kc Ks&apos;, or &apos;-&apos; to read hands from standard input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>declared meld {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a meld, so counted as deadwood — declared meld {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>declared: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>declared deadwood: {0} = {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the declaration is as good as the best arrangement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the declaration leaves {0} more than the best ({1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>melds:    {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deadwood: {0} = {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand:     {0} (Tedesco aces)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand:     {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all eleven:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>big gin: all eleven cards meld, no discard needed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>best discard: {0}, keeping:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gin after the discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit log BROKEN: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit log intact: 0 entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit log intact: 1 entry, latest {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit log intact: {0} entries, latest {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the audit log is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatic backups of {0}: every hand or every minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatic backups of {0}: every hand or {2} minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatic backups of {0}: every {1} hands or every minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatic backups of {0}: every {1} hands or {2} minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no backups of {0} yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>newest: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} already exists; choose a new file name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backed up {0} to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the backup failed: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} does not exist (or is not a file)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restored {0} from {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database as it was is kept in {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the damaged database was moved to {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} v {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>champion: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double elimination, {0}-line bracket, bracket reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double elimination, {0}-line bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Single elimination, {0}-line bracket, bracket reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Single elimination, {0}-line bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an elimination demo takes 2 to 256 entrants, not {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a demo event needs at least 2 entrants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a demo event takes at most {0} entrants, not {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a demo plays at most {0} rounds, not {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the demo was stopped: nothing was written to {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>played 1 night: {1} matches, {2} hands in {3} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>played {0} nights: {1} matches, {2} hands in {3} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>season {0}: gin-scorer season table {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>database: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>... and {0} more: gin-scorer standings --event {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clear takes no --new-pin: leave one of them out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set and --clear say opposite things: leave one out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>say what to do: set (with --new-pin PIN, or typed when asked) or --clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New director PIN: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same again: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the two PINs differ; nothing was changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no new PIN was given: stdin was empty; give it with --new-pin PIN, type it in a terminal, or send it on stdin (to clear the PIN: --clear); nothing was changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>director PIN of {0} set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>director PIN of {0} cleared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>withdrawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0}: {1} ({2}), seed {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0}: {1} ({2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0}: {1}, seed {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0} added to event {1}: {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>club</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checked in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0} ({1}): {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0} ({1}): away for round {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0} ({1}): back for round {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} created: {1} ({2}, rules: {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>setup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no events yet: create one with  gin-scorer event new --name NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rules: {0} ({1}); director PIN: set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rules: {0} ({1}); director PIN: none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrants ({0}):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matches ({0}):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}, {1}, {2}, at {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} ({1}) plays {2}: changed for matches created from now on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} ({1}) plays {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} ({1}, {2}): changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} ({1}, {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0}: director PIN set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0}: director PIN cleared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} ({1}): {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: no such file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: not a UTF-8 text file (save it as CSV UTF-8)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} cannot be imported: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: cannot be read: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: nothing imported, {1} problem (listed above)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: nothing imported, {1} problems (listed above)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} entrant imported into event {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} entrants imported into event {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: nothing imported (problems listed above)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} imported: {1} (1 entrant)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} imported: {1} ({2} entrants)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an event exports as JSON only (--format json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: cannot be written: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event of event {0} written to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrants of event {0} written to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>results of event {0} written to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hands of event {0} written to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand refused (errors above); to record it anyway add --override &quot;reason&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected {0}: give - to read JSON lines from standard input, or use --knocker and --defender</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give either - (JSON lines on standard input) or --knocker and --defender, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give --knocker &quot;7h 8h 9h | Ks Kd Kc&quot; and --defender &quot;CARDS&quot;, or - to read JSON lines from standard input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (the knocker went gin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} on {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>knocker&apos;s melds:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>defender melds:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lays off:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deadwood:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no tables in that round (a bye has no page)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T{0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} v {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} v (bye)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0} added: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} created: {1} (A) v {2} (B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>print JSON (one object per hand)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>low (the default): A-2-3 only; tedesco: aces high or low, runs turn the corner (K-A-2), an unmelded ace counts 15</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take the ace rule from a rule-set preset (see &apos;gin-scorer presets&apos;) or a .toml file; --aces wins over it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>delete an event (with the PIN; its name typed to confirm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take an event out of every list, reading and table of the club; nothing can be done to it any more. Its hands stay in the database, sealed and checked by verify (a deleted event is a tombstone, not an erasure: decision 0020). Needs the director&apos;s PIN when the event or the database has one. In a terminal the event&apos;s name is asked for; a script gives it with --confirm NAME, or --yes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event&apos;s name, as the confirmation (for scripts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>delete without asking for the name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>why, kept in the audit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a tie-break; use {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name at least one tie-break</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} (opponents&apos; match wins)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: write yes or no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: write ENTRANT_ID=TABLE, e.g. 12=1 (or &apos;none&apos; to clear them all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>format settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>how the event is paired and ranked (the format&apos;s defaults otherwise)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Swiss rounds (default: enough to leave one unbeaten entrant, ceil(log2 N))</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the order entrants are ranked in, comma-separated: match_wins, game_wins, point_differential, head_to_head, buchholz (opponents&apos; match wins), seed (default: match_wins, buchholz, game_wins, point_differential, head_to_head)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>double elimination: a second grand final if the losers&apos; bracket champion wins the first (default yes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair only entrants who checked in (default no)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>keep an entrant at one table every round (repeat for each; &apos;none&apos; clears them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a bye counts as a match won (default yes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>game wins a bye is worth (default: as many as winning a match takes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>points a bye adds to the point differential (default 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>game wins a forfeit credits the side that came (default: as a won match)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>points a forfeit credits per game, e.g. the target (default 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count forfeits as played matches in the tie-breaks (default no: unplayed, as FIDE and US Chess count them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>who wins a match stopped by time: the leader in games, then in the current game&apos;s points (default), or always the director</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the unfinished game&apos;s points count in the differential (default no)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replace a recorded hand (--hand N: its number on the sheet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace a recorded hand, named by its number on the sheet (--hand N with --match ID, or with --event ID --table N: the event&apos;s current round unless --round), or by its hand-log entry (--entry ID, the &apos;entry&apos; column of match sheet). The new hand is typed as for hand add: &apos;ak9 25&apos; or JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the corrected hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accept errors in it, for REASON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>director PIN, when later play relies on the result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>withdraw a recorded hand (it stays in the log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withdraw a recorded hand, named as for hand correct (--hand N with --match or --table, or --entry ID). It stays in the log and counts nowhere; the hands after it keep the dealer who dealt them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take back the newest change to a match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take back the newest undo in a match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the hand&apos;s number on the sheet (the # column)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>or: the hand-log entry&apos;s id (the entry column of match sheet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the match&apos;s id (as match list and round show print it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the match&apos;s id (or name it by --event and --table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event, with --table (or alone, where the lines name tables)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event, with --table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the match at table N of --event&apos;s current round (its latest paired round), or of --round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the round --table is in (default: the event&apos;s current round)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take back a match&apos;s reported result (it stays in the log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report a result without its hands (slip, forfeit, time called, adjudication)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report a match&apos;s result as the results line says it: &apos;a 3-1&apos; (A won 3 games to 1, a slip; game totals A-B may follow: &apos;a 3-1 250-20 10-260 300-0 251-9&apos;), &apos;a ff&apos; (A wins by forfeit), &apos;ff&apos; (neither came), &apos;t&apos; (time called; &apos;t b&apos;: the director gives it to B), &apos;adj b REASON&apos; (the director&apos;s ruling, with the PIN). Name the match by --match ID, or by --event and --table (the latest round unless --round).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. a 3-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set aside the hands or the result already recorded (they stay in the log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the director&apos;s PIN, when the action needs it (asked for in a terminal)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the new PIN (4 characters or more)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clear the PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this write&apos;s key: the same command run again with the same key records nothing twice (default: one made from the line, --by and the match version)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the match version this write is for (match sheet --json shows it): refused if another station wrote into the match since</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>best melds and least deadwood of a hand (11 cards: best discard, big gin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find the arrangement of a hand with the least deadwood, exactly. With 11 cards, also the best card to discard and whether all eleven meld (big gin). Write cards like 7h 10h Th 7♥; give &apos;-&apos; to read one hand per line from standard input.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cards, or - for stdin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the melds a player declared, separated by |: &quot;7h 8h 9h | 9c 9d 9s&quot;; the answer says whether they are legal and how their deadwood compares with the best</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>examples:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>check or show the tamper-evident audit log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>check every link of the hash chain (exit 1 names the first broken one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>print the newest audit entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>how many entries (default 20)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replace the database by a backup (checked first; the current one is kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore a backup (a SQLite file) into the database — a SQLite file or a PostgreSQL server: FILE must pass an integrity check; the current database is backed up first (or, if damaged, renamed aside — never overwritten). If the database has a director PIN, give it with --pin or type it when asked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the backup to restore</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database&apos;s director PIN; without one, every event&apos;s PIN (give --pin once per PIN; asked for when needed and not given)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>back up the database now, or list its backups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back up the database into a SQLite file: a SQLite database through SQLite&apos;s online backup API (safe while the app runs), a PostgreSQL one row by row in one consistent snapshot. Without --out the copy joins the automatic backups in your data folder, kept by age: every one of the last hour, one a day for 30 days, one an event day before that, within a cap (2 GB by default).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write the backup to FILE instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list the existing backups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from now on, back up automatically every N hands (default 25)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>... or every M minutes with something new (default 10)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an elimination event&apos;s bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>create a simulated event and play it to the end (real deals, real cards)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create an event with N entrants and play every round of it through the services: each hand is shuffled, dealt and played by a simple legal strategy, with its cards. The same seed plays the same event.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>print only the final standings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>how many entrants (default 16; 2 to 256 for brackets)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event format (default swiss)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>random seed: the same seed plays the same event (default 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rule preset for the matches (default gra-tournament: best of five games to 250; a club night plays hollywood; wikipedia-standard plays one game to 100, faster)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Swiss rounds (default ceil(log2 N)); club nights to play (default 3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event&apos;s name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>enter hands one at a time through record_hand (as a scorekeeper would; much slower) instead of one batch per match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the share of matches (0 to 1) reported as a room reports them, without their hands: slips, forfeits, time called, rulings (default 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>play a club season instead: NIGHTS weekly club nights (3 Swiss rounds of Hollywood each) counted in one season, with --members members (about 80%% come)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the club&apos;s members for --season (default 30)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set or clear the database&apos;s director PIN (opens every event, guards restores)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database-wide director PIN: it works wherever an event&apos;s PIN is asked, and restoring a backup over this database needs it. Changing or clearing it needs the current one; setting the first one needs the PIN of every event that has one (it will open them all). Give them with --pin (once per PIN), or type one when asked. The new PIN is --new-pin, or typed when asked (twice), or the next line of stdin; --clear (or the action clear) clears it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set (the default with --new-pin) or clear (as --clear)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the PIN that guards the database now (repeatable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add, list, check in or withdraw entrants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the entrants of an event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mark an entrant present</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>withdraw an entrant (their results stand)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bring a withdrawn entrant back from the next round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the director&apos;s PIN, once the event is finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>enter a player (or a team with --partner)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the player&apos;s name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>club member number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partner&apos;s name: enters a team of two (&apos;Bob &amp; Cy&apos;: a team of three)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mark present already</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fix an entrant&apos;s name or club, or set the seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clear the seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mark an entrant away for the next Swiss round (not paired, no bye)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark an entrant away for a Swiss round before it is paired: they sit it out without a bye. Once the round is paired, report the match as a forfeit instead (gin-scorer match result --event ID --table N a ff).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default: the next round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not away after all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a date: write it as 2026-11-22</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>create, list, show and delete events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list the events in the database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an event&apos;s rules, entrants and matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set, change or clear an event&apos;s director PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set the event&apos;s director PIN with --new-pin, or clear it with --clear. Changing or clearing a PIN needs the current one (--pin, or typed when asked in a terminal): the event&apos;s own PIN or the database PIN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the PIN that guards the event now, if one is set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>close an event (reopening needs the PIN)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reopen a finished event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>create an event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create an event. Its rules are frozen from the preset (default: the GRA tournament rules) or a rule-set file; matches keep the rules they start with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rule-set preset (see: gin-scorer presets)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a rule-set TOML file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>club (default), swiss, round-robin, single-elim or double-elim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>where it is played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a director PIN (4+ characters) guarding corrections and locked results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>show or change how an event is paired and ranked (tie-breaks, byes ...)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With no option, print the event&apos;s format settings. Options change only what they name; once the event is running a change needs the director PIN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the director PIN, once the event is running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>show the rules new matches of an event use, or change them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With no option, print every knob of the event&apos;s rule set. --preset or --rules-file replaces it for matches created from now on (matches already created keep theirs); once the event is running this needs the director PIN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rule-set preset (gin-scorer presets)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>import entrants (CSV) or a whole event (JSON)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import entrants from a CSV file (header: name, club, member_number, seed, partner; only name is required) into an event, or a whole event from a JSON file made by &apos;export event&apos;. Nothing is imported unless every row is sound.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrants from a CSV file into an event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the CSV file (- for stdin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a whole event from a JSON file (export event)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the JSON file (- for stdin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>export an event, its entrants, results or hands (JSON or CSV)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write an event (JSON: re-imports identically), its entrants (CSV: re-imports with &apos;import entrants&apos;), its match results or every hand (JSON or CSV) to a file, or to the terminal without --out. CSV files are UTF-8 with a BOM for Excel; a text cell that a spreadsheet would run as a formula (=, +, -, @) is written with a &apos; in front.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what to export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default: from --out, else json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write here instead of the terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a player: write A or B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>record, correct, void or undo hands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>record the next hand of a match (ak7 15, bg22, d …)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record the next hand of a match, typed as on the desk&apos;s entry line: &apos;ak7 15&apos; (A knocks with 7, B holds 15 after layoffs), &apos;bg22&apos; (B goes gin, A holds 22), &apos;abg30&apos; (A big gin), &apos;d&apos; (dead hand), &apos;md&apos; (misdeal), &apos;… @Qs&apos; (the upcard); or as JSON, e.g. &apos;{&quot;knock&quot;: &quot;A&quot;, &quot;deadwood&quot;: {&quot;A&quot;: 7, &quot;B&quot;: 15}}&apos;. Name the match by --match ID, or by --event ID --table N (the event&apos;s current round, its latest paired one, unless --round N). LINE &apos;-&apos; reads many hands from stdin, one a line, all recorded or none: with --match or --table each line is a hand of that match; with --event alone each line starts with its table number (&apos;12 ak7 15&apos;). Blank lines and lines starting with # are skipped. A hand with errors is refused unless --override gives the director&apos;s reason.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the hand: an entry line (ak7 15), JSON, or - to read lines from stdin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>record despite errors, for REASON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>who dealt (default: by the rules)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>director PIN (a locked result or a finished event refuse hands: unlock or reopen first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the defender&apos;s best melds and layoffs against the knocker&apos;s melds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find the defender&apos;s melds and layoffs leaving the least deadwood, exactly: the fourth card of a set of three, cards at either end of a run, in chains. Give &apos;-&apos; to read JSON lines from standard input, each like {&quot;knocker_melds&quot;: [[&quot;7h&quot;, &quot;8h&quot;, &quot;9h&quot;], [&quot;Ks&quot;, &quot;Kd&quot;, &quot;Kc&quot;]], &quot;defender&quot;: [&quot;6h&quot;, ...]} (optionally with &quot;gin&quot;: true, when no layoffs are allowed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>example:  gin-scorer layoffs --knocker &quot;7h 8h 9h | Ks Kd Kc&quot; --defender &quot;6h 5h Kh 2c 2d 2s 9c Jd Qd 4s&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>- to read JSON lines from stdin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knocker&apos;s melds, separated by |: &quot;7h 8h 9h | Ks Kd Kc&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the defender&apos;s cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knocker went gin: no layoffs are allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each table&apos;s own address in the room (for QR codes on the tables)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print each table&apos;s address in the room for the latest round (or --round N): table, players, address. Give the room&apos;s address with --base (what `gin-scorer serve` printed); by default this computer&apos;s address on the venue&apos;s network and port {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the room&apos;s address, e.g. http://10.0.0.5:8080</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one JSON array, an object per table: round, table, a, b (and c at a table of three), url</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>create matches, show score sheets, report and lock results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the score sheet of a match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>also list every log row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seal a finished result (needs the director PIN if set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lift the seal (needs the director PIN if set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a match between two entrants (club play, ad hoc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create a match. In a club event, names not yet entered are entered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>side A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>side B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the matches of an event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the club&apos;s players across events: list, show one&apos;s page, merge or unmerge two records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every player, with the events each entered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a player&apos;s page: rating, statistics from the hands, events, head-to-head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME is a name, part of one, a member number or #ID.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>make two records of one person one (the second&apos;s entries move to the first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prints both players&apos; events and asks before it merges (--yes: without asking). Refused when the two played each other or sat in one event: they are then two people. Needs the database PIN when one is set. &apos;player unmerge&apos; undoes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the record kept: #ID, a member number or a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the record merged into it, named alike</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>merge without asking (both players&apos; events are still printed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undo a merge: the merged record comes back with its own entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo &apos;player merge&apos;: the record merged away (MERGED, its #ID or its name) comes back (its id, name, club and member number) and the entries that were its own are its own again; what the merge filled into the kept record is taken out. Needs the same PINs as the merge.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the record merged into it: its #ID or its name, as merge printed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list the rule-set presets, or show every knob of one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the bundled rule-set presets (key, name, source), or with &apos;show KEY&apos; print every knob of one. KEY may also be a path to a .toml file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the preset to show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>print JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the rating list (openskill, from every match played to a result)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One row per player with a rated match, best first. A rating is recomputed from the results each time, so a corrected result re-rates everyone after it. --seed-event seeds an event&apos;s entrants by rating instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV with a header, for a spreadsheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set the seeds of event ID&apos;s active entrants from their ratings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>standings (--event; --round N: as they stood after round N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table assignments by table and by name (--event, optional --round)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match score sheets: --match ID, or every match of --round; --blank for a pad</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hollywood pads (three games at once): like sheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>result slips to cut and collect, one per table (--event --round, or --blank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>single / double elimination bracket chart (--event; --blank: seeds only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a player&apos;s matches, hands won, gins, undercuts (--entrant ID)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table tents to fold and stand on each table, a page a table (--event, --round)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sign-in sheet: every entrant A to Z with a box to tick (--event)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name badges with name and club, eight a page to cut out (--event)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a season&apos;s table, night by night (--season ID)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a player&apos;s page across every event: rating and results plots, statistics, head-to-head (--player ID)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>print standings, pairings, score sheets, pads, slips, brackets to PDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write a printable PDF. Kinds:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one of: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event&apos;s id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the round (default: the latest round paired)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one match&apos;s id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one match by its table: with --event (and --round)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the entrant (player sheet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the season (season table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the player (player&apos;s page; see player list)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an empty form to fill in by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blank forms: how many sheets / pads / pages of slips (default 1, at most 500)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paper size (default a4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tents: the room&apos;s address (what `gin-scorer serve` printed): each card then carries its table&apos;s QR code for entering hands from a phone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>where to write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>then open it in the default PDF viewer, to read or print</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair the next round; show pairings or status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair the next round (tables assigned)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>club nights: a pairing by entrant ids (repeat for each table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pairings &apos;start&apos; would make (writes nothing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>club nights: a pairing by entrant ids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take back the latest round&apos;s pairings (only before any hand is entered)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a round&apos;s pairings by table (or --by-name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list entrants alphabetically</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>which tables are playing, finished, missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default: the latest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score hands (JSON lines) under a rule set and print totals, boxes, bonuses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score hand records, one JSON object per line, e.g. {&quot;knock&quot;: &quot;A&quot;, &quot;deadwood&quot;: {&quot;A&quot;: 7, &quot;B&quot;: 15}}, {&quot;gin&quot;: &quot;B&quot;, &quot;deadwood&quot;: {&quot;A&quot;: 22}}, {&quot;big_gin&quot;: &quot;A&quot;, &quot;deadwood&quot;: {&quot;B&quot;: 40}}, {&quot;dead&quot;: true}; optional &quot;upcard&quot;: &quot;7s&quot; and &quot;cards&quot;. Prints each hand and the ledger of the rule set&apos;s match format.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the hand records, one JSON object per line (&apos;-&apos;: stdin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a preset key (see &apos;gin-scorer presets&apos;) or a .toml file (default: gra-tournament)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>print one JSON document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>which ledger to print (default: the rule set&apos;s match format). partnership: lines pair up as the two tables of each deal (side A = team A&apos;s player); three-player: players 1-3, player 1 deals first, A/B = the two who play, in seat order after the dealer; teams: each --team-size lines are one deal&apos;s tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>teams: players a team (Tedesco: to 100 a player, 25 a teammate past two when all win; default 3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>who dealt the first hand (adds a dealer column)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>points per match won and lost (default), or per place in each night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>for turning up (default 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>points for 1st, 2nd … (default 10,8,6,5,4,3,2,1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count each player&apos;s best N nights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nights needed to qualify for a place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a season or league: club nights and events counted into one table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a new season, with how it counts points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count events in the season</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stop counting events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>change how the season counts points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every season</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the season&apos;s table as it stands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the room: live pairings and standings, and the tables&apos; own entry pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Serve the event&apos;s room: a page for the players&apos; phones (where they sit, the tables&apos; results, the standings, live), /projector for the wall, and each table&apos;s own page for entering its hands (gin-scorer links lists them). Binds to this computer only unless --host says otherwise (--host 0.0.0.0: the venue&apos;s network). Ctrl+C stops it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>address to listen on (default 127.0.0.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>port (default {0})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count the latest round down from MINUTES on the room&apos;s pages, from now (the desktop app&apos;s round clock does this when the app serves the room)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: a round clock runs at most {1} minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an event&apos;s standings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as they stood after round N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>machine-readable output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>re-check every recorded hand and result through the scoring core</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-check every recorded hand (cards against declarations, scores against the ledgers), every match&apos;s status, each round&apos;s pairings, the audit chain and the seal (no fact changed, inserted or deleted outside the app; director actions signed with the director&apos;s PIN). Prints a report; exit status 1 if anything is wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only this event (default: every event)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a seal code printed earlier (e.g. on a result sheet): also prove that nothing sealed before it has changed since</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no players yet: entrants become players when they are entered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Club</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Member</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>merged: {0} (#{1}) is now {2} (#{3}), {4} events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to undo it: gin-scorer player unmerge {0} {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#{0} {1}: {2} events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>merging #{1} into #{0} makes them one person: read both above, then run it again with --yes (nothing was changed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge #{1} into #{0}? They become one person. [y/N] </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>y</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not merged: nothing was changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unmerged: {0} (#{1}) is back with {2} entries; {3} (#{4}), {5} events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;presets {0}&apos;: to see one preset write &apos;presets show KEY&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>source: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>which preset? write &apos;presets show KEY&apos; (see &apos;gin-scorer presets&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the output file {0} should end in .pdf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wrote {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gin-scorer: the PDF is written, but no viewer opened it ({0})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--table names a match with --event: give both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} has no round yet: gin-scorer round start --event {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--pair {0}: write two entrant ids, like --pair 3,7 (three at a table of three: --pair 3,7,9)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bye</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>won by {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0} ({1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} has a bye</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(ratings as the event began; ? = provisional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0} would be (nothing written yet):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0} taken back: pair it again with gin-scorer round start --event {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>v {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0}: {1} finished, {2} playing, {3} waiting, {4} disputed (of 1 round)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0}: {1} finished, {2} playing, {3} waiting, {4} disputed (of {5} rounds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0}: {1} finished, {2} playing, {3} waiting, {4} disputed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0}: {1} finished, {2} playing, {3} waiting (of 1 round)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0}: {1} finished, {2} playing, {3} waiting (of {4} rounds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0}: {1} finished, {2} playing, {3} waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} (bye)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} after 1 hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} after {1} hands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;- result missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event is complete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--team-size: a team has 2 to 8 players, not {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules: {0} ({1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next dealer: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dealer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>winner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>where / running totals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dead hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} gin, {1} {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} big gin, {1} {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{2} undercuts ({0} {1} v {2} {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tie, no undercut ({0} {1} v {2} {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} knocks ({0} {1} v {2} {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--per-place takes whole numbers with commas, not {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>season {0}: {1} ({2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>season {0} ({1}) counts events: {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>season {0} ({1}) counts events: none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>season {0} ({1}): {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no seasons yet: gin-scorer season create NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}  {1}  (1 event; {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}  {1}  ({2} events; {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The room of {0}:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}   (projector: {0}projector)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only this computer can open it; --host 0.0.0.0 opens it to the venue&apos;s network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the round clock: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+C stops it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot listen on {0}:{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The room is closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 match played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} matches played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 slip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} slips</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 forfeit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} forfeits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 double forfeit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} double forfeits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 match time called</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} matches time called</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 match adjudicated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} matches adjudicated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checked {0} event(s), {1} match(es), {2} hand(s): all clean; {3} accepted by override</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checked {0} event(s), {1} match(es), {2} hand(s): all clean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checked {0} event(s), {1} match(es), {2} hand(s): {3} problem(s); {4} accepted by override</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checked {0} event(s), {1} match(es), {2} hand(s): {3} problem(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PROBLEM: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} × {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 result reported without hands ({1}): checked against its match&apos;s format; no cards stand behind it, so it is not verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} results reported without hands ({1}): checked against their matches&apos; formats; no cards stand behind them, so they are not verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the seal {0} matches: nothing sealed before it has changed (1 link sealed since)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the seal {0} matches: nothing sealed before it has changed ({1} links sealed since)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sealed: 1 link, seal {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sealed: {0} links, seal {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sealed: 1 link, seal (none yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sealed: {0} links, seal (none yet)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>club_reports</name>
    <message>
        <source>No results yet in the season&apos;s events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head to head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rating after each rated match (band: ± one uncertainty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rated matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matches won (green) and lost (red) at each event</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>club_words</name>
    <message>
        <source>1 night; {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} nights; {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note: {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players with fewer than {0} nights are listed below the qualifiers, without a place (–).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The nights: {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the best 1 night counts; (n) is a night dropped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the best 1 night counts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the best {0} nights count; (n) is a night dropped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the best {0} nights count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no results yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No rated match yet: ratings start with the first match played to a result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: provisional (fewer than 5 rated matches). ± is the rating&apos;s uncertainty; a newcomer starts at 1500 ± 500.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} of {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} ({1} won, {2} lost)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hands won</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Big gins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Knocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Average deadwood when knocking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undercuts given / suffered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shutouts given / suffered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Longest winning streak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rating: none yet (no rated match); a newcomer starts at 1500 ± 500</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rating: {0} ± {1} after {2} rated matches, provisional</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rating: {0} ± {1} after {2} rated matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(bye)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head to head</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>columns</name>
    <message>
        <source>Entrant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Club</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checked in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Winner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rating as the event began (? = provisional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Won</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>W–L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opp. wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Points ±</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head to head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Against</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opp.
wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head to
head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Point differential</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opponents&apos; match wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total point differential (* leaves out results reported without points)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Byes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forfeits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matches won or lost by forfeit: unplayed, so not in Played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tie-break {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player 1 · deals first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player 3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opponents</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>confirmation_words</name>
    <message>
        <source>⚑ {0} says the result is wrong: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ both players confirmed the result at the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ {0} confirmed the result; {1} has not yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>↺ changed since the players confirmed: they are asked again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>core_words</name>
    <message>
        <source>the hand has {0} cards; a gin hand has at most {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} in declared meld {1} is not in the hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is in more than one declared meld</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the line must be a JSON object like {{&quot;knocker_melds&quot;: [[...]], &quot;defender&quot;: [...]}}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;knocker_melds&quot; must be a list of melds, each a list of cards like [&quot;7h&quot;, &quot;8h&quot;, &quot;9h&quot;]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;defender&quot; must be a list of cards like [&quot;6h&quot;, &quot;Kd&quot;]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knocker laid down no melds: there is nothing to lay off on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the defender&apos;s hand has {0} cards; at most {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the line has no &quot;{0}&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knocker&apos;s meld {0} is not legal: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a card: write a rank then a suit, like 7h or 10♥</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a card: suit {1} is not one of c d h s (or ♣♦♥♠)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a card: rank {1} is not one of A 2-10 J Q K (or T)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} or {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the {0} has {1} cards; it needs {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>card index {0} is not between 0 and 51</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a card: rank {1} is not one of A 2-10 J Q K (or T) (write the ace as A)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is in the {1} twice ({2} and {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the first upcard {0} allows only gin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} declared big gin, which {1} does not play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} does not allow the action on the 50th card (taking the discard that left two cards in the stock)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the 50th card&apos;s discard may be taken only to knock or go gin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} knocked, but under {1} rules only gin ends a hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>enter the first upcard: under Oklahoma rules it sets the knock limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knock limit is {0} (the first upcard was {1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knock limit is {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} knocked with {1} deadwood; {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} knocked with 0 deadwood: that is gin (record it as gin to score the gin bonus)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} counted {1}, best is {2}: {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lay off {0} on {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing melds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}&apos;s meld {1} uses {2}, not in {0}&apos;s cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} declared {1} deadwood but the cards count {2} as laid out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} declared {1} deadwood but the cards count {2} at best</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}&apos;s meld {1} is not legal: {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is in two of {1}&apos;s melds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} laid off {1}, which is in one of its melds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} laid off {1}, which is not in its cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a hand says exactly one of knock, gin, big_gin, dead, misdeal (this one says {0})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a hand says exactly one of knock, gin, big_gin, dead, misdeal (this one says none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} and {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} is not a player: write &quot;A&quot; or &quot;B&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a hand must be a JSON object, not {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: not a field of a hand (fields: {1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fiftieth_card: {0}: write true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deadwood: {0}: write the counts per player, like {{&quot;A&quot;: 7, &quot;B&quot;: 15}}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} is not a card: write it like &quot;7s&quot; or &quot;10h&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} is not a list of cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} is not a list of melds (lists of cards)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cards: {0} is not an object with the hand&apos;s cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cards.{0}: not a field of the cards (fields: {1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cards.defender: missing: list all the defender&apos;s cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dead: {0}: write &quot;dead&quot;: true</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deadwood: {0} is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deadwood.{0}: {1} is not a deadwood count (a whole number ≥ 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cards.layoffs: {0} is not a list of layoffs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: write a layoff as {{&quot;card&quot;: &quot;10h&quot;, &quot;meld&quot;: 0}}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}.meld: {1} is not a meld number (0 is the knocker&apos;s first meld)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a {0} needs a declarer: say who ended the hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the defender&apos;s deadwood is missing: how much did {0} count?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knocker&apos;s deadwood is missing: what did {0} knock with?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a misdeal scores nothing: give no deadwood counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a misdeal is found before any card is taken: no 50th card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a dead hand has no declarer (nobody knocked)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} declared gin but counted {1} deadwood: gin means 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deadwood of {0} is {1}: it must be a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deadwood of {0} is {1}: it must be between 0 and {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} declared big gin but counted {1} deadwood: gin means 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>big gin is not played under {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a number JSON allows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the number {0} is too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the number {0} is too long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: too large ({1} characters; at most {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: too deeply nested at column {1} (more than {2} levels)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: not JSON ({1} at column {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: not JSON ({1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: not JSON ({1} at line {2} column {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>knock with {0} or less</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no knocking: gin only (straight gin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>knock up to the first upcard&apos;s value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>knock up to the first upcard&apos;s value, an ace means gin only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a set of {0}s takes only a {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run holds the whole suit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run takes only {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run takes only {0} or {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is not a {0}; {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} (the ace is low)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} cannot be both in the knocker&apos;s melds and the defender&apos;s hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a set of four takes no more cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} cannot be laid off on meld {1}: {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is already on the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} cannot be laid off on {1} (meld {2}): {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a meld</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is in more than one of the knocker&apos;s melds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knocker laid down 1 meld</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the knocker laid down {0} melds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>single game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>best of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hollywood</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multi match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partnership</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>teams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>three-player game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a team has 2 to {0} players, not {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the team target must be 1 or more and the sweep bonus 0 or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deal {0} has {1} tables; teams of {2} play {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a run: the cards are not in a row ({1} cards are missing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an empty meld is not a meld: a meld needs at least 3 cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a meld: {1} is in it twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a meld: the cards are neither all one rank (a set) nor all one suit (a run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a meld: a run needs 3 or more cards in a row of one suit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a run: the ace is low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a run: {1} is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a run: {1} and {2} are missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a meld: a set needs 3 or 4 cards of one rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} makes a set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} makes a run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the hand has {0} cards; choosing a discard needs 11</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is in the hand twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rule set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stored rule set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>changes to {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: too large for a rule set ({1} characters; at most {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a whole number {0}-{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be one of {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be text in quotes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be printable text of at most 2,000 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be a list of whole numbers 1-100000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a rule-set knob (known: {0})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must list one target per game (hollywood_games = {0})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be odd (best of 1, 3, 5, 7 ...)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: not valid TOML: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: not valid TOML: nested too deeply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>knock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a misdeal is re-dealt: it has no cards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>big gin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is in both hands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is twice in {1}&apos;s hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}&apos;s cards as laid count {1}, best is {2}: {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} laid off {1} but nothing may be laid off after {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} (defender) has {1} cards; a hand has {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} declared {1} but laid deadwood {2} ({3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} knocked with {1} but the cards make gin: {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} (knocker) has {1} cards; a big gin hand has {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} (knocker) has {1} cards; a hand has {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} declared {1} deadwood but the laid deadwood {2} counts {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot count {0}&apos;s deadwood: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} ({1} characters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paper {0} is not one of: a4, letter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no rule-set preset called {0}; the presets are: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: no such rule-set file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: cannot be read: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: key = {1}: must match the file name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the output file {0} should end in .pdf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} ({1}) is not an elimination event: it has no bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} ({1}) needs two entrants for a bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the season table needs a season: give --season ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the player&apos;s page needs a player: give --player ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0} of {1} has no tables to put a card on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} has no entrants yet: add them, then print badges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0} does not play match {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the player sheet needs an entrant: give --entrant ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0} ({1}) is not in event {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this event plays Hollywood: print its pad with `report pad`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>say which sheets: --match ID, --event ID (every match of its latest round, or --round N), or --blank for empty ones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this event does not play Hollywood: print its score sheets with `report sheet` (or a blank pad with --blank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} seats three players at a table: a table&apos;s result comes from its hands, so it has no result slip; print the tables&apos; score sheets (`report sheet`), which the three players sign and hand in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} ({1}) has no entrants yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this report needs an event: give --event ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} ({1}) has no round paired yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} ({1}) has no round {2}; rounds paired: {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown report {0}; choose one of: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this report needs a database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}, hand {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} ({1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>result entry {0} supersedes entry {1} of another match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a reported result ({0}) decides it but it is marked {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accepted by the director ({0}) despite: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} hand(s) after the match was decided</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the hands finish the match but it is marked {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>marked {0} but its hands do not finish the match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand entry {0} supersedes entry {1} of another match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read its hand log: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0} is in two matches of round {1} ({2} and {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table {0} of round {1} holds two matches ({2} and {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is played by {1} but the results in force send {2} there (a result it depends on was changed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a bye has {0} entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot rebuild the bracket: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nobody</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0}, hand {1}: sent from a table&apos;s link that does not belong to this match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0}, hand {1}: sent from a table&apos;s page before links named their match, and match {0}&apos;s number had belonged to a match taken back: whether its link was this match&apos;s cannot be known; check the hand with its players</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no match at table {0} in any round (none is paired) of event {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no match at table {0} in round {1} of event {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>member number {0} is {1}, who is already entered in this event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no player is called {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give a player&apos;s name, member number or id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} could be {1} players: {2}; give the #id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>result entry {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand entry {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} ({1} v {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bye</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} ({1}, {2} and {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table {0} ({1} v {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forfeit (withdrawal)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table {0} ({1}, {2} and {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} has no round {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>season {0}&apos;s scoring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand {0} comes after the match was decided and counts nowhere: void it, or correct the hand that ended the match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand entry {0} supersedes unknown entry {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} is a double elimination event: it has no bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} is a swiss event: it has no bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} is a round robin event: it has no bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} is a club night event: it has no bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} is a single elimination event: it has no bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after round {0}: the event has {1} rounds so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after round {0}: the event has 1 round so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>result entry {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}, match {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undo link {0} names a log {1}, which does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undo link {0} says {1} takes back {2}, but {1} is a new entry, not an undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undo link {0} says {1} takes itself back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undo link {0} points forward in time: {1} takes back {2}, written after it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand entry {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undo link {0} names {1}, which does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undo link {0} names {1}, a row of match {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undo links {0} and {1} both take back {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the seal {0} does not match this database: facts sealed before it were changed, or the log was cut back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--seal {0} is not a seal code (it looks like 12-ABCD-EFGH-JKLM, as printed at the foot of a result sheet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit log: entry {0} ({1} {2}) {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stored hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand entry {0}: kind {1} is not one of {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>record a hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>correct a hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>void a hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undo an entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>report a result (slip, forfeit, time called)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replace or void a reported result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adjudicate a match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>confirm or dispute a result at the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>create a match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lock a result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unlock a result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair a round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>take back a round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add an entrant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>edit an entrant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>withdraw an entrant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reinstate an entrant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>check an entrant in or out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>change the rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>change the settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mark the event running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set a running event back to setup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finish the event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reopen the event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set, change or clear the event&apos;s PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>delete the event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>create an event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>import an event file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>back up, or change the backup schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set, change or clear the database PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restore or replace the database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>merge two records of one player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undo a merge of two players&apos; records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>create a season, or change its nights or points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event is running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event is finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its result is locked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this database is protected by a director PIN and none was given; nothing was changed (its PIN is needed to {0})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>that is not the director PIN of this database; nothing was changed (its PIN is needed to {0})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>already locked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not locked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>already finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot {0}: {1}; only the director may, and event {2} has no director PIN yet (set one, then give it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the director&apos;s PIN of {0} is needed to {1}: {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wrong director PIN for {0} (needed to {1}: {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was changed: to {0} the PIN of every event that has one is needed, and no PIN was given; still guarded: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} in match {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} is finished: reopen it to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} (that needs the director&apos;s PIN)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot {0}; only the director may, and event {1} has no director PIN yet (set one, then give it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the director&apos;s PIN of {0} is needed to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wrong director PIN for {0} (needed to {1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} and {1} more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was changed: to {0} the PIN of every event that has one is needed; still guarded: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0}&apos;s result is locked: unlock it first to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} (event {1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a result in it is locked: unlock it first to {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot {0}: match {1} is {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot {0}: event {1} is {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is {1} players, and this event plays teams of {2}: write each team like &apos;{3}&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is {1} player, and this event plays teams of {2}: write each team like &apos;{3}&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is already entered in this event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed {0} is already {1}&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>member number {0} is also {1}&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not an entrant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>teammates: {0} is not a list of names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partner: {0}… is longer than 120 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a team&apos;s players each need a name (write them &apos;Ann &amp; Bob &amp; Cy&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a team has at most {0} players</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed {0} is not a whole number from 1 to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partner {0} is the player themself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is named twice in one team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a team of {0} plays only in a team event (match format teams)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} has no partner, and this event plays partnerships (teams of two): give the partner&apos;s name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}, column {1}: {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is {0} MB; an entrant list is at most {1} MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cell holds a line break, but an entrant&apos;s {0} is one line (take it out in the spreadsheet; or is a closing quote missing?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it holds {0} characters; an entrant list is at most {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it has {0} rows; an entrant list holds at most {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is empty: the first row must be the header name, club, member_number, seed, partner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cell holds the control character {0}, which no entrant&apos;s {1} may contain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} cells but {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is listed twice ({1} too)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown column {0} (the columns are {1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column {0} appears twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} characters, but a cell holds at most {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed {0} is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the header has {0} columns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a cell runs on for over {0} characters (is a closing quote missing?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it starts as UTF-16 text but does not decode as UTF-16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is not a text file: save it from the spreadsheet as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the header has no {0} column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a pasted row has at most 5 (name, club, member number, seed, partner)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was saved: {0} problems in the rows:
{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was saved: {0} problems in the entrants:
{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was saved: {0} problems in the file:
{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was saved: {0} problems in the event file:
{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was saved: {0} problem in the rows:
{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand refused: {0} (give an override reason to record it anyway)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was saved: {0} problem in the entrants:
{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was saved: {0} problem in the file:
{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was saved: {0} problem in the event file:
{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this is not a table&apos;s link of this event: scan the table&apos;s code again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this round was taken back: ask the desk for your new table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event id {0} is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant id {0} is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match id {0} is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand entry id {0} is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>player id {0} is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>season id {0} is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no event {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no entrant {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no match {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no hand entry {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no player {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no season {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} ({1}) was deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected version {0} is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} id {1} is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no {0} {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: stored value is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} is not text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is too long ({1} characters; at most {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: character {1} is the control character U+{2}; type the text again without it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} must not be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} has nothing to redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} has nothing to undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} changed since (its newest change is entry {1}, not {2}): correct or void the hand instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a club night event&apos;s rounds are fixed in advance: report {0}&apos;s match as a forfeit instead (results mode: table a ff)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a round robin event&apos;s rounds are fixed in advance: report {0}&apos;s match as a forfeit instead (results mode: table a ff)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a single elimination event&apos;s rounds are fixed in advance: report {0}&apos;s match as a forfeit instead (results mode: table a ff)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a double elimination event&apos;s rounds are fixed in advance: report {0}&apos;s match as a forfeit instead (results mode: table a ff)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0} is already paired: report {1}&apos;s table as a forfeit instead (results mode: table a ff)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no backup holds the writes of the last {0} minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a table of three is confirmed at the desk: the players&apos; word at the table is given by two sides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a bye has no opponent to confirm its result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sheet changed since it was read: read it again, then answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the match is not over yet: there is no result to confirm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>say what is wrong with the result, for the director</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>both players have confirmed this result: ask the director</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the demo was stopped: event {0} keeps the {1} hands of {2} rounds played so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0}: {1} tables played ({2} hands so far)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the demo was stopped: event {0} keeps the 1 hand of 1 round played so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the demo was stopped: event {0} keeps the {1} hands of 1 round played so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the demo was stopped: event {0} keeps the 1 hand of {2} rounds played so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0}: 1 table played (1 hand so far)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0}: 1 table played ({2} hands so far)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0}: {1} tables played (1 hand so far)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>night {0}: {1} members, {2} hands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>night {0}: {1} members, 1 hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a demo season plays 1 to {0} nights, not {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a demo season has 4 to {0} members, not {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attendance must be from 0.1 to 1, not {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is already withdrawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is already active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} ({1}) is already deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not the name of event {1}, which is {2}: nothing was deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start date: {0} is not a date (write it as 2026-11-22)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>end date: {0} is not a date (write it as 2026-11-22)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the end date {0} is before the start date {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fixed tables name entrants, and a new event has none yet: set them once the entrants are in (gin-scorer event settings ID --fixed-table ENTRANT_ID=TABLE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rules: {0} is not a rule set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is a team of {1}: these rules seat players or pairs (enter the teams again under the new rules in a new event)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status: {0} is not an event status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fixed tables: entrant {0} is not in this event (see: gin-scorer entrant list)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is entered without a partner: partnerships need every entrant to be a team of two (add the partners first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is a team of {1}: these rules seat teams of {2} (enter the teams again under the new rules in a new event)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file has a header but no entrants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a gin-scorer event file (kind should be {0})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event file version {0}: this gin-scorer reads versions 1 to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not part of an event file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} appears twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0} appears twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a team&apos;s third player comes after its partner: give the partner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is the same entrant as a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is already at this table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand {0} appears twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0} appears twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} appears twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>earlier result {0} is not in the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a correction or void must name the result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>result {0} belongs to another match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>result {0} is already taken back by an earlier row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0} is not in the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0} is not in the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} is not in the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>earlier hand {0} is not in the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a correction or void must name the hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand {0} belongs to another match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand {0} is already taken back by an earlier row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a whole number of {1} or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not one of {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a time with its zone (ISO 8601)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a date (YYYY-MM-DD)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a field here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only a correction or a void takes a row back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be two whole numbers, A&apos;s then B&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>result {0} appears twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no hand to record: every line was empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand entry {0} was already replaced by entry {1} ({2} by {3}); reload the score sheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand entry {0} was already replaced by entry {1} (correction by {2}); reload the score sheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand entry {0} was already replaced by entry {1} (void by {2}); reload the score sheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0}, table {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} is not a hand record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand entry {0} belongs to match {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand entry {0} is a void: the hand no longer counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is decided by a reported result ({1}): take that result back to enter hands again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is already decided: void or correct a hand to reopen it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} has withdrawn, so the match counts as a forfeit; reinstate {1} to enter hands again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is already decided ({1} won): void or correct a hand to reopen it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dealer {0} is not a player: A or B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this would decide match {0} at hand {1}, and hands {2}–{3} would then count nowhere: void hands {2}–{3} first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this would decide match {0} at hand {1}, and hand {2} would then count nowhere: void hand {2} first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} is a bye: nobody plays hands in it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} cannot play themself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table {0} is not a table number (1 or more)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0} belongs to another event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a three-player game&apos;s table needs a third player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} is already locked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} is not finished: only a result can be locked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} is not locked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not entered in event {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} has withdrawn from {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a third player sits only at a three-player game&apos;s table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no entrant called {0} in event {1}: enter them first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} (#{1}) and {2} (#{3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>player {0} is already themself: give two different players</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} played each other in match {1} of {2}: they are two people, so they cannot be merged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} are partners in one entry: they cannot be merged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} are both entered in {1}: one person cannot be two entrants, so they cannot be merged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>player {0} was not merged into player {1}: there is nothing to undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} has no active entrant to seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a match scored as {0} cannot take a {1} result: enter its hands, or adjudicate it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a played result comes from its hands: record them instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} is a table of three: its result comes from its hands (a player who leaves is withdrawn from the event and loses to both others)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} already has a result ({1}): replace it, or take it back first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} was finished by its hands: time was not called</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} has {1} hands recorded: a {2} result sets them aside (they stay in the log); confirm to replace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is scored as {1}: a {2} result cannot give it; enter its hands, or adjudicate it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a forfeit result needs the side that was there (A or B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a {0} result needs the winner (A or B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} is a knockout match and needs a winner: adjudicate it (adj a or adj b, with the reason)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} has no reported result to take back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} has {1} hand recorded: a {2} result sets them aside (they stay in the log); confirm to replace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a slip needs the games each side won, e.g. 3-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event {0} is finished (reopen it to pair a round)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0} is not finished: {1} still owes a result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0} cannot be taken back: {1} kept voided hands in the log, which keeps its matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0} cannot be taken back: {1} already has hands entered (void them first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0} is not finished: {1} still owe a result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0} cannot be taken back: {1} already have hands entered (void them first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} has no round to take back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is still being played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} already has {1} hands: enter the rest one at a time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} already has 1 hand: enter the rest one at a time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand {0}: not a hand record with its dealer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>season scoring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is already a season called {0} (season {1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} is not in season {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this form is out of date: reload the page and send the hand again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this form belongs to another table&apos;s page: nothing was recorded here; reload this table&apos;s page and send the hand again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit entry {0} ({1} {2}) {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not follow the entry before it (an entry was removed, inserted or reordered)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>was changed after it was written (its contents no longer match its hash)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database {0} is damaged ({1}); it has been left exactly as it is. No good backup of it was found in {2}. Keep the damaged file: a copy of it may still be recovered with the sqlite3 tool&apos;s .recover command.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database {0} is damaged ({1}); it has been left exactly as it is. The newest good backup is {2} (taken {3} UTC). Restore it with: {4}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the automatic backup failed: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backups every hands: {0} is not at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backups every minutes: {0} is not at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} was changed at station {1}; it is at version {2}, the change was made for version {3}: read it again and enter the change again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} was changed at another station (it is at version {1}, the change was made for version {2}); read it again and enter the change again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} was changed at station {1} (its newest entry: hand {2}, from {3}); it is at version {4}, the change was made for version {5}: read it again and enter the change again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0} does not exist (deleted at another station?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event {0} does not exist (deleted at another station?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database server {0} refused the transaction ({1}); nothing was saved — try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no database given: give a SQLite file path or a postgresql+psycopg:// URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database {0} has the control character U+{1} at character {2}; give a SQLite file path or a postgresql+psycopg:// URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database {0}: a SQLite file name cannot contain &apos;?&apos;; rename the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unsupported database URL {0}: give a SQLite file path or a postgresql+psycopg:// URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database {0} is closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database {0} is busy: another station or program held it for more than {1} s; nothing was saved — try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the disk holding {0} is full: the last change was NOT saved; free some space and enter it again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database {0} could not save the last change ({1}); it was NOT saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a backup still running after {0} s was left unfinished when {1} closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unsupported database {0}: give a SQLite file path or a postgresql+psycopg:// URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an in-memory SQLite database cannot keep a tournament; give a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database URL {0} cannot be read ({1}); write it like postgresql+psycopg://user:password@host/name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open the database {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is locked by another program; try again in a moment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} cannot be written (read-only file or no permission); gin-scorer must be able to save every hand — copy it somewhere writable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is a folder; give the name of a database file in it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the folder {0} for the database: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is a database, but not a gin-scorer one (it has tables {1}); choose another file or an empty database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this database was written by a newer gin-scorer (revision {0}); this version knows up to {1} — update gin-scorer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is a database, but not a gin-scorer one (it has tables {1}); choose another file or an empty database (it was not changed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a director PIN needs at least {0} characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a director PIN has at most {0} characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a director PIN cannot contain spaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} cannot be restored: it is damaged ({1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a gin-scorer database (no schema revision in it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is the database itself; choose a backup file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>changes the finished event {0} ({1} {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>changes the locked result of match {0} ({1} {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seal link {0} ({1} UTC, {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} does not follow the link before it (a link was removed, inserted or reordered)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} was changed after it was written (its contents no longer match its hash)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>changes the director PIN of event {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} {1} without the director&apos;s PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a row of its body is not a sealed row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} {1} was inserted outside the app (no seal link holds it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} {1} was changed outside the app ({2}; sealed by seal link {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} cannot be read ({1}: {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>... and more rows changed outside the app</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>changes the database&apos;s director PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} {1} was deleted outside the app (sealed by seal link {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the body is not a list of rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the signatures are not a mapping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server {0} is not answering ({1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server {0} could not complete the change beside another station&apos;s ({1}); nothing was saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server {0} stopped answering while the change was being saved ({1}); it may or may not have been saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server {0} refused the connection: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} already exists; choose a new file name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the bracket has no slot {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an entrant is listed twice in the bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a table of this event seats two players, not {0} ({1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a table of this event seats three players, not {0} ({1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>choose at least one pairing for the club round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0} is not in this event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} has withdrawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} cannot play against themselves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is paired twice in this round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the bracket has moved on: {0} depends on this result and has started; correcting it needs the director&apos;s PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0} has already been paired from this result; correcting it needs the director&apos;s PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a swiss event has no bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a round robin event has no bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a single elimination event has no bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a double elimination event has no bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a club night event has no bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a swiss event pairs itself; leave pairings out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a round robin event pairs itself; leave pairings out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a single elimination event pairs itself; leave pairings out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a double elimination event pairs itself; leave pairings out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a club night event pairs itself; leave pairings out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a round robin has no three-player form: play tables of three as a Swiss event or a club night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a single elimination bracket has no three-player form: play tables of three as a Swiss event or a club night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a double elimination bracket has no three-player form: play tables of three as a Swiss event or a club night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no match is ready to be paired: finish the current round first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>round {0} is the next round to pair, not round {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event is complete: every round has been played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} joined late: an elimination bracket is fixed at round 1 (withdraw the late entry to go on)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a club night&apos;s pairings are chosen by the director</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} v {1} was not paired in round {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not an event format; use one of {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a bye&apos;s game wins must be 0 or more, not {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entrant {0} cannot play against itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the winner {0} did not play in the match {1} v {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a rating scale needs a positive uncertainty and beta</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} must be 0 or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a rated match needs a player on each side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a player sits on both sides of match {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forfeit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>double forfeit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time called</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adjudicated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}–{1} is not a result of a best of {2}: the winner has {3} games, the loser 0 to {4}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}–{1} is not a result of a single game: the winner has 1 game, the loser none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}–{1} is not a result of a single game: the winner has {2} games, the loser 0 to {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}–{1} is not a result of a best of {2}: the winner has 1 game, the loser none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a kind of result; use one of {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a forfeit&apos;s game wins must be 0 or more, not {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a forfeit&apos;s points per game must be 0 or more, not {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time called at {0}–{1} in games: the director decides the winner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time called: the event&apos;s rule gives the match to the leader, side {0}; to give it to the other side, adjudicate it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time called at {0}–{1} in games and {2}–{3} in the game in progress: the director decides the winner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a round robin needs at least 2 entrants, not {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an entrant is listed twice in the round robin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} joined late: a round robin&apos;s schedule is fixed at round 1 (withdraw the late entry to go on)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the round robin has 1 round; there is no round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the round robin has {0} rounds; there is no round {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} a match won, {1} a match lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by place: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} must be a whole number from {1} to {2}, not {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the nights were played under different rules ({0})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} lists at most {1} places</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a season&apos;s scoring must be a table of knobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown season knob {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} must be a list of whole numbers, not {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} a night played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>best 1 night counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at least {0} nights to qualify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no places, so no place points, for: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} must be &apos;matches&apos; or &apos;places&apos;, not {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>best {0} nights count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an elimination bracket needs at least 2 entrants, not {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} entrants is more than one bracket holds ({1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a bracket has a power-of-two number of lines, not {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} = {2}: must be a whole number of {3} or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} = {2}: must be true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: tie_breaks = {1}: must be a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: tie_breaks: {1} is not a tie-break; use {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: time_called_winner = {1}: use one of {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} = {2}: must be a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: fixed_tables = {1}: must map entrant ids to tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: absent = {1}: must map rounds to entrants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: unknown setting {1}; known: {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: tie_breaks lists {1} twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: fixed_tables gives table {1} to two entrants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: absent[{1}] = {2}: must list entrant ids of round 1 or later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: format = {1}: must be a format name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: fixed_tables: {1} is not an entrant id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: absent: {1} is not a round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} game totals for {1} games: give one &apos;A-B&apos; total per game played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the game totals give {0}–{1} in games, not {2}–{3} (a game its loser ended ahead in, on boxes, is marked with its winner: 430-490a)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>game {0}: {1}–{2} does not say who won it: mark the winner after the finals, e.g. {1}-{2}a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>game {0}: {1}–{2} is not a won game&apos;s finals: its winner&apos;s final is at least {3} (the target {4} with the game bonus and the box of the last hand; write each game&apos;s final from the foot of the pad, with its boxes and bonuses)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>game {0}: {1}–{2} is not a finished game to {3}: its winner has {3} or more, and more than the loser</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} has a second bye: no other choice avoids rematches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} v {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rematches could not be avoided: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a Swiss round needs at least 2 entrants who can play; there are none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a Swiss round needs at least 2 entrants who can play; there is 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the score-group search gave up; these rematch-free pairings come from a complete matching and may mix score groups more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a round of three-player tables needs at least 3 entrants who can play; there are {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the winning seat must be 0, 1 or 2, not {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every seating repeats a meeting; these players meet again: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} has a second bye: everyone else has had one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the room did not start on {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot listen on {0}: {1} (the port is taken, or the address is not one of this computer&apos;s; try another port)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at a table of three the players do not confirm the result on the table&apos;s page: check the sheet together, and tell the desk if something is wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this send did not come from the table&apos;s page: reload it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>entrants_editor</name>
    <message>
        <source>Import entrants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close without saving?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The entrant typed here will be lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The {0} entrants typed here will be lost.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>entry_grammar</name>
    <message>
        <source>{0}’</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}’s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a deadwood count: type a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is more deadwood than ten cards can hold ({1} at most)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} knocks — now type {1} count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} knocks with {1} — now type {2} deadwood after layoffs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a knock takes two counts ({0}, then {1}); {2} numbers were typed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} knocks with {1}, {2} has {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>these rules ({0}) have no big gin: type g for gin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} goes gin — now type {1} deadwood</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} goes big gin — now type {1} deadwood</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gin takes one count ({0} deadwood); {1} numbers were typed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>big gin takes one count ({0} deadwood); {1} numbers were typed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} goes gin, {1} has {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} goes big gin, {1} has {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} cannot knock with {1}: {2} — type g for gin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} cannot knock with {1}: {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a k 7 15 ⏎ A knocks with 7, B has 15  ·  b g 22 ⏎ B gin, A has 22  ·  a bg 30 ⏎ A big gin  ·  d ⏎ dead hand  ·  md ⏎ misdeal  ·  @Qs upcard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: a count is typed without a sign (it is never negative)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the upcard is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not part of an entry: type e.g. ak7 15, bg22, abg30 or d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now type the upcard, e.g. @Qs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>upcard: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>type the side that ended the hand: a or b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a dead hand takes no numbers: type just d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dead hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a misdeal takes no numbers: type just md</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Misdeal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Misdeal ({0} could knock at once)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} does not allow the action on the 50th card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the 50th card&apos;s discard may be taken only to knock or go gin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}, on the 50th card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start with the side that ended the hand (a or b), not {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dead hand …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a side: start with a or b (the player who knocked or went gin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>say how {0} ended the hand before the count: k (knock), g (gin), bg (big gin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} … now k (knock), g (gin) or bg (big gin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} … (knock, gin or big gin)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a declaration: type k (knock), g (gin) or bg (big gin) after the side</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>error_reporting</name>
    <message>
        <source>Gin Scorer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>event_edit_parts</name>
    <message>
        <source>needed: the event is under way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Director&apos;s &amp;PIN:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>event_words</name>
    <message>
        <source>Swiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round robin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Single elimination</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double elimination</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Club night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>being set up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deleted</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>game_lines</name>
    <message>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Points
{0} – {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box
bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game
bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shutout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>playing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} by {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} (to {1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shutout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>margin {0}  (shutout)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>margin {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} won</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hand_words</name>
    <message>
        <source>knock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undercut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>big gin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dead hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>misdeal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tie, no undercut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: nobody scores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} scores {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (doubled: spade upcard)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>misdeal ({0} could knock at once)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} knocks {1} v {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} knocks {1} v {2} (up {3})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} big gin v {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} big gin v {1} (up {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} gin v {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} gin v {1} (up {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✖ {0} problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✖ 1 problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>corrected: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>corrected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>override: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Corrected: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Director&apos;s override: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entered by {0} at {1}, {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reason: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>handouts</name>
    <message>
        <source>checked in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>withdrawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} deals first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scan: enter your hands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Club</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Member no.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 player. Tick the box as they arrive; the desk checks them in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} players. Tick the box as each arrives; the desk checks them in.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>hollywood_pad</name>
    <message>
        <source>Player A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hand won by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game {0} ({1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Boxes ×{0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bonus + shutout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Won by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hollywood: {0} games to {1} at once. A hand&apos;s score goes into every open game where its winner has already scored, plus the first open game where they have not. Write the running total in each of those columns.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changed after entry: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature, player A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature, player B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature, director</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>knob_labels</name>
    <message>
        <source>Knock rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Knock limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Oklahoma: ace upcard = gin only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gin bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Big gin allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Big gin bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undercut bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undercut on a tie</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spade upcard doubles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra boxes for undercut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra boxes for gin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shutout rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Aces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best of (games)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hollywood games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hollywood targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hollywood: open new games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multi-match: match target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multi-match: total target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multi-match: per hand won</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multi-match: match bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multi-match: shutout bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partnership target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teams: players a team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teams: target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teams: bonus when all win</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next dealer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dead hand: same dealer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>50th-card rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>up to the knock limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Oklahoma: up to the first upcard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gin only, no knocking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no shutout bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand points doubled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>game bonus doubled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the winner&apos;s score doubled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>low only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>high or low, runs turn the corner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>single game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>best of N games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hollywood</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multi-match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partnership</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>teams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>three players</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each player in turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the loser of the hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the winner of the hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} set to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} with changes: {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>match_controller</name>
    <message>
        <source>{0}: reason (kept in the log)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>match_place</name>
    <message>
        <source>Round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bye</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>notices</name>
    <message>
        <source>The room</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too many requests from this phone: wait a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait a moment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round taken back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a table&apos;s link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The desk&apos;s server is not answering, retrying…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The desk&apos;s server is not answering: what you sent is kept below. Send it again in a moment (it is never recorded twice).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retrying…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pad_fill</name>
    <message>
        <source>{0} wins {1}–{2} in games, margin {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games won so far: {0} {1}, {2} {3}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>pin_prompt</name>
    <message>
        <source>Director&apos;s PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}

Director&apos;s PIN:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>player</name>
    <message>
        <source>{0} of {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>withdrawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player sheet</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>player_sheet</name>
    <message>
        <source>won</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bye</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} ({1})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(bye)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Points
for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Points
against</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hands
won</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Under-
cuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>place {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Points are final game scores (boxes and bonuses included) summed over each match; ± is the point differential. A bye counts as a win with no hands.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} The totals leave out the results reported without game points (—).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At a table of three, a line against each other player: the winner beats both, of the other two the higher total wins; the hands are those the two played against each other.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A result in brackets was reported without its hands (a slip, a forfeit, time called, the director&apos;s ruling).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>projector_pages</name>
    <message>
        <source>In bold: the figure that decided a place.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>v</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} and {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — {0} to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — season table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0} · {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T{0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bye</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>projector_screen</name>
    <message>
        <source>screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — {1}×{2} (the desk&apos;s window is here)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Projector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the projector on:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>reports</name>
    <message>
        <source>1 night</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} nights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no nights yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Season table — {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player — {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} · Round {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table tents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} · deal 1; opponents move on each deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sign-in sheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name badges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pairings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ratings as the event began (? = provisional, fewer than 5 rated matches)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} win {1}–{2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in play: {0}–{1} (first to {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deal {0} to {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweep bonus ({0}): {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score sheet, table of three</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score sheet, table of three (blank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match score sheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score sheet (blank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hollywood pad</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hollywood pad (blank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result slips (blank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result slips</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} and {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— bye —</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find your table: alphabetically by name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entrant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Club</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matches
W–L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games
W–L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Points
±</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Places shared after every tie-break are marked “=”. Points ± is the point differential: final game scores for minus against.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seal: none — nothing was sealed when this sheet was printed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seal {0} — “gin-scorer verify --seal {0}” proves nothing recorded before this sheet has changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page {0} of {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Printed {0} · gin-scorer {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} v {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player 1 · deals first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player 3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Boxes ×{0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game bonus (to the winner: {0})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Won by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deals (sits out)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plays: A v B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changed after entry: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Winner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature, {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature, player {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature, director</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>marks: G gin · BG big gin · U undercut</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>result_grammar</name>
    <message>
        <source>12 a 3-1 ⏎ A won 3–1  ·  12 a ff ⏎ A wins by forfeit  ·  12 ff ⏎ neither came  ·  12 t ⏎ time called  ·  12 adj b reason ⏎ the director&apos;s ruling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a table number: start with the table, e.g. 12</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now the result: a 3-1, ff, t</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the side that was there, a or b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the director&apos;s winner, a or b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a result: type the winner (a or b) and the games, ff (forfeit), t (time called) or adj (adjudicate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} won: now the games, e.g. 3-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after {0}: {1}, not {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now the loser&apos;s games, e.g. 3-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not the games: type the winner&apos;s games first, e.g. 3-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is not a game&apos;s finals: type them A-B from the foot of the pad, e.g. 375-120</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adjudicate: now the winner, a or b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after adj: the winner, a or b, not {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adjudicate: now the reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} is more than this result takes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} beats {1} {2}–{3} (slip with game totals)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} beats {1} {2}–{3} (slip)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} wins by forfeit: {1} did not play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>double forfeit: neither {0} nor {1} played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time called: the director gives it to {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time called: the event&apos;s rule decides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adjudicated to {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slip</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forfeit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>double forfeit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time called</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adjudicated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>neither {0} nor {1} played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} wins by forfeit over {1} {2}–{3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} beats {1} {2}–{3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, game totals {0} entered as hand points (before finals were asked for), not counted in the differential</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, no game points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, margin {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} (corrected)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} (entered by {2}, corrected)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} (entered by {2})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>result_slips</name>
    <message>
        <source>Seal {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>when printed — “gin-scorer verify --seal {0}” proves nothing recorded before it has changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0}    Table {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player (print name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games won</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Winner ✓</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature, player A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature, player B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Received by / time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entered (initials)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each game&apos;s final, from the foot of the pad: points + boxes + bonuses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&apos;s final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B&apos;s final</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>room</name>
    <message>
        <source>Send it again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seal {seal}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Season table: {seasons}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live: updated {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconnecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live: this page follows the results as they are entered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find your table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>part of your name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No round is paired yet. The pairings appear here as soon as the director pairs round 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {number}: where you sit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nobody in round {number} has that in their name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Against</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bye</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{a} and {b}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {number}: the tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{a}, {b} and {c}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{a} v {b}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} hands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bracket — champion: {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bracket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>v</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standings table, scrolls sideways</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>W–L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Points ±</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{event} · season</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>← the room: tables and tonight&apos;s standings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live: this table follows the results (it may be up to 15 seconds behind).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This event is not counted in any season.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Season table, scrolls sideways</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No results yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules: {rules}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not sent yet: no connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not sent yet: the room asks to wait a moment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sending…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withdraw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hand: {line}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a hand is waiting to be sent: it goes first, and this line stays here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>withdrawn: nothing was sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not recorded: {line}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>withdrawn here; it may have reached the room before the connection dropped: check the sheet when the connection is back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting to be sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept on this phone, even through a reload or a locked screen, and sent as soon as the connection is back (sent twice, recorded once).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next: {seat}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(a = {a}, b = {b})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not read yet: no connection. Record keeps the line on this phone and sends it when the connection is back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report the result from your own pad, or time called</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a 3-1: a won 3 games to 1 (add each game&apos;s final a–b from the foot of your pad, boxes and bonuses in, if you have them: a 3-1 375-120 …) · t: time called, the event&apos;s rule decides. Both players then confirm it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each game&apos;s totals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This page takes nothing more; a correction is made at the desk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The director has been told: please wait at the table. Agreed after all? Confirm below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each player checks the result, the games and the hands below, then confirms it (on this phone or their own).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: I confirm this result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something is wrong?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Who says so</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What is wrong (the director reads this)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tell the director</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This table takes no more hands here. Check the sheet below together: at a table of three the players do not confirm the result on this page (the room takes the word of two players only); tell the desk if something is wrong, a correction is made there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This match takes no more hands here. A correction is made at the desk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take back hand {number}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sheet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Totals a–b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No hands were entered: the result above was reported without them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No hand yet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>room_view</name>
    <message>
        <source>no round paired yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every table of round {0} has its result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 table still owes a result: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} tables still owe a result: {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>round_dialogs</name>
    <message>
        <source>A club night has no rounds to pair: seat each table with Event → New match (Ctrl+M).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} — enter them on their sheets, or from their slips (Ctrl+Shift+R).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0} paired: {1} tables, {2} bye</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0} paired: {1} tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The event has no round to take back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take back a round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take back the pairings of round {0}? Its tables are removed and the round can be paired again (late arrivals join it). This is only possible while no hand of the round has been entered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round {0}&apos;s pairings taken back: pair it again when ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter results from &amp;slips…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New match…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>round_status</name>
    <message>
        <source>⚠ waiting for a result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◐ playing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bye</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚑ a player says the result is wrong: the desk decides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◑ waiting for {0}&apos;s confirmation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚑ disputed: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔✔ both confirmed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ one player confirmed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>↺ changed after the players confirmed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— bye —</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>score_sheet</name>
    <message>
        <source>Shutout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Won by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>marks: G gin · BG big gin · U undercut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>game bonus {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>box {0} per hand won</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match winner / margin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature, player A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature, player B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature, director</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changed after entry: {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>seat_words</name>
    <message>
        <source>(bye)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deal {0} · table {1}: {2} v {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>next: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bye</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teams: two teams of {0} at {0} tables; players change opponents every deal; the team ahead on a deal scores the difference, and {2} more when all {0} of a team win; first team to {1} wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teams: two teams of {0} at {0} tables; players change opponents every deal; the team ahead on a deal scores the difference; first team to {1} wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partnerships: two teams of two at two tables; partners change opponents every deal; the team ahead on a deal scores the difference; first team to {0} wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Odd deals: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>even deals: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deal 1: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deal {1}: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} {1} v {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (deal {0} seats as deal 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deal {0}: level, nobody scores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deal {0}: {1} to {2} ({3} net, {4} for the sweep)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deal {0}: {1} to {2}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sheet_fill</name>
    <message>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games won A – B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Boxes ×{0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Boxes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One game to {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best of {0} games to {1} (first to win {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shutout: each hand&apos;s points doubled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shutout: game bonus doubled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shutout: winner&apos;s total doubled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no shutout bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shutout: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hands ×{0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Credited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Matches won A – B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multi-match: each match to {0}; credit = match score + {1} per hand won, +{2} to the match winner, +{3} more for a shutout; first to {4} credited wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partnerships: row 2a = deal 2 at table a; players change opponents every deal; a deal&apos;s net goes to the team ahead on it; first team to {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partnership</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partnerships won A – B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teams: row 2a = deal 2 at table a; players change opponents every deal; a deal&apos;s net goes to the team ahead on it; +{1} when all of a team win; first team to {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Teams: row 2a = deal 2 at table a; players change opponents every deal; a deal&apos;s net goes to the team ahead on it; first team to {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team matches won A – B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Boxes (none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bonus (none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} wins on credits {1}–{2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>credited so far: {0}–{1} (to {2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} wins {1}–{2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, margin {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in play: {0}–{1} in games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next dealer: {0}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sheet_history</name>
    <message>
        <source>undone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>voided: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>voided</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>† hand {0}: a change undone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>† hand {0} corrected: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>† hand {0} corrected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after hand {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before hand 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ {0}, undone: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ {0}, voided: {1} ({2})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ {0}, voided: {1}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>sheet_text</name>
    <message>
        <source>knock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undercut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>big_gin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>misdeal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tie</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>playing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>locked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source># is the hand&apos;s number on the sheet (hand correct/void --hand N); entry is its row in the hand log (--entry ID)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a voided hand counts nowhere and the hands after it keep the dealer who dealt them: the next dealer follows the hands that count, as after a misdeal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dl</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(bye)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0}: A = {1}   B = {2}   ({3}, version {4})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rules: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>games won: A {0}, B {1}; game {2}: A {3}, B {4}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>games won: A {0}, B {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decided by a reported result — {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished: {0} won</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished: no winner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>next dealer: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undoes entry {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>correction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>corrects entry {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>void</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>voids entry {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entry {0}  {1}  {2} by {3} at {4}, {5}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(replaced)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0}: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} won</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: {1} won, games {2}–{3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}; games A {1}, B {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand {0} ({1}, log entry {2}): A {3}, B {4} in game {5} — {6}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand {0} ({1}, log entry {2}): A {3}, B {4} in game {5}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>standings_table</name>
    <message>
        <source>Standings — before round 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standings — after round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standings — during round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before round 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>During round {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} The points differential leaves out 1 result reported without game points (slips), so it is incomplete for the marked entrants.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} The points differential leaves out {1} results reported without game points (slips), so it is incomplete for the marked entrants.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} (withdrawn)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ties broken by: {0}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>withdrawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 bye</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} byes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 forfeit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} forfeits</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>table_page_view</name>
    <message>
        <source>Match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ hand {0} recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sheet changed on the other phone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sheet changed at the desk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: here it is now, your line is kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: here it is now (your line {1} was not recorded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}: here it is now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forfeit: {0} has withdrawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game {0}: {1} {2} – {3} {4} · games {5}–{6} · next dealer: {7}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished: nobody won · games {0}–{1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished: {0} won · games {1}–{2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>confirmed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>says it is wrong</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>table_pages</name>
    <message>
        <source>✖ too many sends from this table: wait a minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✖ refused: this send did not come from the room</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✖ say which player answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✖ a table of three is decided by its hands: there is no result to report from a pad (a player who leaves is withdrawn at the desk)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a whole result yet: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a forfeit or a ruling is reported by the director, at the desk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this match has hands on its sheet: a slip would set them aside; ask the desk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✖ only this table&apos;s last hand can be taken back</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>three_text</name>
    <message>
        <source>match {0}: {1}, {2} and {3}   ({4}, version {5})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rules: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no hand yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} v {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} ({1}): {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match {0}: {1}; {2}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>three_words</name>
    <message>
        <source>Hand {0} · {1} deals: {2} v {3}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>next: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Points: {0}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} wins the game · final: {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Three players: the dealer deals to the other two and sits the hand out; the loser of each hand deals the next; first to {0} wins the game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0}, {1} and {2}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} v {1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{0} deals: {1} v {2}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
