using System.Collections.Generic;
using System.Globalization;
using System;
using Amber.Bench.Workloads.Sport;

namespace Amber.Bench.Workloads
{
    /// <summary>
    /// Builds realistic events from a seeded Random: a pool of clubs (localized names, squads,
    /// venues), tournaments and referees, then per event a fixture between two clubs whose state
    /// (scheduled, live, finished, postponed) decides which members are filled in.
    /// </summary>
    internal sealed class SportEventGenerator
    {
        private static readonly string[] Cultures = { "en", "de", "fr", "es", "it", "pt", "ru", "zh" };

        // en, de, fr, es, it, pt, ru, zh; then country and ISO 3166 alpha-3 code.
        private static readonly string[][] Cities =
        {
            new[] { "Munich", "München", "Munich", "Múnich", "Monaco di Baviera", "Munique", "Мюнхен", "慕尼黑", "Germany", "DEU" },
            new[] { "Cologne", "Köln", "Cologne", "Colonia", "Colonia", "Colônia", "Кёльн", "科隆", "Germany", "DEU" },
            new[] { "Vienna", "Wien", "Vienne", "Viena", "Vienna", "Viena", "Вена", "维也纳", "Austria", "AUT" },
            new[] { "Lisbon", "Lissabon", "Lisbonne", "Lisboa", "Lisbona", "Lisboa", "Лиссабон", "里斯本", "Portugal", "PRT" },
            new[] { "Milan", "Mailand", "Milan", "Milán", "Milano", "Milão", "Милан", "米兰", "Italy", "ITA" },
            new[] { "Turin", "Turin", "Turin", "Turín", "Torino", "Turim", "Турин", "都灵", "Italy", "ITA" },
            new[] { "Naples", "Neapel", "Naples", "Nápoles", "Napoli", "Nápoles", "Неаполь", "那不勒斯", "Italy", "ITA" },
            new[] { "Florence", "Florenz", "Florence", "Florencia", "Firenze", "Florença", "Флоренция", "佛罗伦萨", "Italy", "ITA" },
            new[] { "Seville", "Sevilla", "Séville", "Sevilla", "Siviglia", "Sevilha", "Севилья", "塞维利亚", "Spain", "ESP" },
            new[] { "Valencia", "Valencia", "Valence", "Valencia", "Valencia", "Valência", "Валенсия", "瓦伦西亚", "Spain", "ESP" },
            new[] { "Prague", "Prag", "Prague", "Praga", "Praga", "Praga", "Прага", "布拉格", "Czechia", "CZE" },
            new[] { "Warsaw", "Warschau", "Varsovie", "Varsovia", "Varsavia", "Varsóvia", "Варшава", "华沙", "Poland", "POL" },
            new[] { "Copenhagen", "Kopenhagen", "Copenhague", "Copenhague", "Copenaghen", "Copenhaga", "Копенгаген", "哥本哈根", "Denmark", "DNK" },
            new[] { "Brussels", "Brüssel", "Bruxelles", "Bruselas", "Bruxelles", "Bruxelas", "Брюссель", "布鲁塞尔", "Belgium", "BEL" },
            new[] { "Athens", "Athen", "Athènes", "Atenas", "Atene", "Atenas", "Афины", "雅典", "Greece", "GRC" },
            new[] { "Marseille", "Marseille", "Marseille", "Marsella", "Marsiglia", "Marselha", "Марсель", "马赛", "France", "FRA" },
            new[] { "Geneva", "Genf", "Genève", "Ginebra", "Ginevra", "Genebra", "Женева", "日内瓦", "Switzerland", "CHE" },
            new[] { "Zurich", "Zürich", "Zurich", "Zúrich", "Zurigo", "Zurique", "Цюрих", "苏黎世", "Switzerland", "CHE" },
            new[] { "Belgrade", "Belgrad", "Belgrade", "Belgrado", "Belgrado", "Belgrado", "Белград", "贝尔格莱德", "Serbia", "SRB" },
            new[] { "Bucharest", "Bukarest", "Bucarest", "Bucarest", "Bucarest", "Bucareste", "Бухарест", "布加勒斯特", "Romania", "ROU" },
            new[] { "London", "London", "Londres", "Londres", "Londra", "Londres", "Лондон", "伦敦", "England", "ENG" },
            new[] { "Rome", "Rom", "Rome", "Roma", "Roma", "Roma", "Рим", "罗马", "Italy", "ITA" },
            new[] { "Venice", "Venedig", "Venise", "Venecia", "Venezia", "Veneza", "Венеция", "威尼斯", "Italy", "ITA" },
            new[] { "Gothenburg", "Göteborg", "Göteborg", "Gotemburgo", "Göteborg", "Gotemburgo", "Гётеборг", "哥德堡", "Sweden", "SWE" },
            new[] { "Antwerp", "Antwerpen", "Anvers", "Amberes", "Anversa", "Antuérpia", "Антверпен", "安特卫普", "Belgium", "BEL" },
            new[] { "Porto", "Porto", "Porto", "Oporto", "Porto", "Porto", "Порту", "波尔图", "Portugal", "PRT" },
        };

        // How a club name is built from its city: the English pattern, then the pattern other languages use.
        private static readonly (string En, string Other, string Abbreviation)[] ClubPatterns =
        {
            ("FC {0}", "FC {0}", "FC"),
            ("{0} United", "{0} United", "UTD"),
            ("Sporting {0}", "Sporting {0}", "SPO"),
            ("Real {0}", "Real {0}", "RE"),
            ("{0} City", "{0} City", "CIT"),
            ("Athletic {0}", "Athletic {0}", "ATH"),
            ("Dynamo {0}", "Dynamo {0}", "DYN"),
            ("Racing {0}", "Racing {0}", "RAC"),
            ("{0} Rovers", "{0} Rovers", "ROV"),
            ("Olympique {0}", "Olympique {0}", "OLY"),
        };

        private static readonly string[] FirstNames =
        {
            "Lukas", "Matteo", "Jonas", "Mateo", "Luca", "Noah", "Elias", "Hugo", "Rafael", "Tomás", "Mikkel", "Jakub",
            "Nikola", "Andrei", "Dimitris", "Sven", "Kevin", "Marco", "Antoine", "Álvaro", "Joaquín", "Bruno", "Diogo",
            "Emil", "Kacper", "Stefan", "Yannick", "Sandro", "Ivan", "Oliver", "Jamal", "Kwame", "Youssef", "Takumi",
            "Federico", "Pedro", "Thiago", "Milan", "Aleksandar", "Florian", "Timo", "Ruben", "Jesper", "Paulo",
        };

        private static readonly string[] LastNames =
        {
            "Müller", "Schneider", "Rossi", "Bianchi", "García", "Fernández", "Silva", "Santos", "Novák", "Kowalski",
            "Nielsen", "Jansen", "Petrović", "Popescu", "Papadopoulos", "Lindqvist", "De Bruyne", "Martínez", "Dubois",
            "Lefèvre", "Moreau", "Costa", "Pereira", "Horváth", "Dvořák", "Wiśniewski", "Andersen", "Hofmann", "Esposito",
            "Ricci", "Romero", "Navarro", "Ferreira", "Oliveira", "Kovačević", "Ionescu", "Georgiou", "Berg", "Vermeulen",
            "Mensah", "Benali", "Tanaka", "Schwarz", "Fischer", "Zimmermann", "Marchetti", "Gallo", "Ortega", "Almeida",
        };

        private static readonly string[] Managers = { "Head coach", "Manager", "Interim head coach" };

        private static readonly string[] JerseyColours = { "#C8102E", "#034694", "#FFFFFF", "#000000", "#FDB913", "#6CABDD", "#7A263A", "#00A650", "#EF0107", "#132257", "#F58220", "#5C2D91" };

        private static readonly (string Name, string Category, string CategoryId, string Sport, int PeriodMinutes)[] Tournaments =
        {
            ("Premier Division", "International Clubs", "sr:category:393", "sr:sport:1", 45),
            ("Continental Champions Cup", "International Clubs", "sr:category:393", "sr:sport:1", 45),
            ("Continental Conference League", "International Clubs", "sr:category:393", "sr:sport:1", 45),
            ("Women's Champions Cup", "International Clubs", "sr:category:393", "sr:sport:1", 45),
            ("Alpine Cup", "Central Europe", "sr:category:421", "sr:sport:1", 45),
            ("Atlantic League", "Western Europe", "sr:category:407", "sr:sport:1", 45),
            ("Euro Basketball League", "International Clubs", "sr:category:138", "sr:sport:2", 10),
            ("Continental Hockey Series", "International Clubs", "sr:category:119", "sr:sport:4", 20),
            ("Handball Champions Series", "International Clubs", "sr:category:92", "sr:sport:6", 30),
        };

        private static readonly string[] TvNetworks =
        {
            "Eurosport 1", "DAZN", "Sky Sport Top Event", "Canal+ Sport", "RAI Sport", "SporTV", "Match TV", "CCTV-5",
            "beIN SPORTS 1", "TV3 Sport", "Nova Sport 1", "ORF 1", "Ziggo Sport", "RTP 1", "Polsat Sport Premium 1",
        };

        private static readonly string[] Streets =
        {
            "Werner-Heisenberg-Allee", "Avenida de Concha Espina", "Piazzale Angelo Moratti", "Rue Francis le Blé",
            "Avenida Eusébio da Silva Ferreira", "Largo Nicola Pietrangeli", "Stadionstraße", "Via del Mare", "Ulica Łazienkowska",
            "Østerbrogade", "Avenue de Marathon", "Boulevard Michelet", "Karađorđeva", "Calea Floreasca", "Fulham Road",
        };

        private static readonly string[] Finishes =
        {
            "a curling effort into the top corner", "a low drive inside the near post", "a firm header from six yards",
            "a tap-in at the far post", "a composed penalty sent down the middle", "a thunderous volley from the edge of the box",
            "a delicate chip over the advancing goalkeeper", "a deflected shot that wrong-foots the keeper",
        };

        private static readonly string[] BuildUps =
        {
            "a swift counter-attack down the left", "a patient spell of possession", "a corner that was only half cleared",
            "a defensive mix-up at the back", "a long ball over the top", "a one-two on the edge of the area",
            "a driving run from midfield", "a quickly taken free kick",
        };

        private static readonly string[] Fouls =
        {
            "a late challenge in midfield", "pulling back his man on the break", "dissent towards the referee",
            "time-wasting at a throw-in", "a reckless sliding tackle", "blocking the goalkeeper at a corner",
            "a deliberate handball to stop a counter", "kicking the ball away after the whistle",
        };

        private static readonly string[] Shots =
        {
            "a low shot from twenty-five yards", "a glancing header", "a first-time effort on the turn",
            "a curling free kick", "a left-footed strike across goal", "an ambitious effort from distance",
        };

        private static readonly string[] DelayDescriptions =
        {
            "Kick-off delayed after heavy rain left standing water on the pitch; the ground staff are working on it.",
            "Crowd congestion at the turnstiles: kick-off pushed back to let supporters reach their seats.",
            "A medical emergency in the stands; play will resume once the situation is under control.",
            "Floodlight failure in the east stand; engineers are on site.",
            "The away team's coach was held up on the motorway.",
            "Kick-off moved at the broadcaster's request.",
        };

        // How each language writes the season; tournament brand names stay in English except for a category hint.
        private static readonly Dictionary<string, string> SeasonWords = new Dictionary<string, string>
        {
            ["de"] = "Saison 2025/26", ["fr"] = "Saison 2025-2026", ["es"] = "Temporada 2025/26", ["it"] = "Stagione 2025/26",
            ["pt"] = "Temporada 2025/26", ["ru"] = "Сезон 2025/26", ["zh"] = "2025/26赛季",
        };

        private static readonly Dictionary<string, string> CategoryWords = new Dictionary<string, string> { ["ru"] = "международные клубы", ["zh"] = "国际俱乐部" };

        private static readonly string[] StatusDescriptions = { "Not started", "1st half", "Halftime", "2nd half", "Ended", "After extra time", "After penalties", "Postponed", "Cancelled", "Interrupted", "Abandoned" };

        private readonly Random _r;
        private readonly ClubInfo[] _clubs;
        private readonly string[] _referees;
        private readonly DateTime _seasonStart = new DateTime(2025, 8, 1, 0, 0, 0, DateTimeKind.Utc);

        private sealed class ClubInfo
        {
            public Team Team = null!;
            public Location Venue = null!;
            public Player[] Squad = null!;
            public decimal Rating;
            public string Formation = "";
        }

        public SportEventGenerator(Random random)
        {
            _r = random;
            _referees = new string[40];
            for (int i = 0; i < _referees.Length; i++) _referees[i] = PersonName();
            _clubs = new ClubInfo[Cities.Length * 4];
            for (int i = 0; i < _clubs.Length; i++) _clubs[i] = NewClub(i);
        }

        private T Pick<T>(T[] items) => items[_r.Next(items.Length)];

        private bool Chance(double p) => _r.NextDouble() < p;

        private string PersonName() => Pick(FirstNames) + " " + Pick(LastNames);

        private static string Inv(FormattableString s) => s.ToString(CultureInfo.InvariantCulture);

        private ClubInfo NewClub(int index)
        {
            string[] city = Cities[index % Cities.Length];
            var pattern = ClubPatterns[(index / Cities.Length * 3 + index) % ClubPatterns.Length];
            string name = string.Format(CultureInfo.InvariantCulture, pattern.En, city[0]);
            var names = new Dictionary<string, string>();
            for (int c = 0; c < Cultures.Length; c++)
            {
                names[Cultures[c]] = string.Format(CultureInfo.InvariantCulture, c == 0 ? pattern.En : pattern.Other, city[c]);
            }
            int competitorId = 1000 + index * 37;
            var references = new Dictionary<string, string>
            {
                ["betradar"] = Inv($"{competitorId * 3 + 11}"),
                ["aams"] = Inv($"{70000 + index * 13}"),
                ["opta"] = Inv($"t{200 + index}"),
                ["fifa"] = Inv($"{city[9]}{index:000}"),
            };
            string home = Pick(JerseyColours), trim = Pick(JerseyColours), away = Pick(JerseyColours);
            var jerseys = new Dictionary<string, string>
            {
                ["home"] = Inv($"base {home}, sleeves {home}, number {trim}, stripes none"),
                ["away"] = Inv($"base {away}, sleeves {trim}, number {home}, stripes horizontal"),
                ["goalkeeper"] = Inv($"base {Pick(JerseyColours)}, sleeves {Pick(JerseyColours)}, number #FFFFFF"),
            };
            if (Chance(0.5)) jerseys["third"] = Inv($"base {Pick(JerseyColours)}, sleeves {trim}, number {away}, stripes vertical");

            string venueId = Inv($"sr:venue:{5000 + index * 7}");
            var venueNames = new Dictionary<string, string>();
            string venueBase = Pick(new[] { "Stadion", "Arena", "Stadium", "Park" });
            for (int c = 0; c < Cultures.Length; c++) venueNames[Cultures[c]] = venueBase == "Park" ? city[c] + " Park" : venueBase + " " + city[c];
            var venue = new Location(
                venueId,
                venueNames["en"],
                city[0],
                city[8],
                city[9],
                Chance(0.9) ? 8_000 + _r.Next(70_000) : null,
                Chance(0.85) ? Math.Round(35m + (decimal)_r.NextDouble() * 25m, 6) : null,
                Chance(0.85) ? Math.Round(-9m + (decimal)_r.NextDouble() * 35m, 6) : null,
                Chance(0.8) ? Inv($"{Pick(Streets)} {1 + _r.Next(200)}, {10000 + _r.Next(89999)} {city[0]}") : null,
                venueNames);

            var team = new Team(
                Inv($"sr:competitor:{competitorId}"),
                name,
                Inv($"{pattern.Abbreviation}{city[0].Substring(0, 2).ToUpperInvariant()}"),
                city[8],
                city[9],
                index % 9 == 4 ? Gender.Female : Gender.Male,
                Chance(0.8) ? 1880 + _r.Next(120) : null,
                Chance(0.9) ? PersonName() : null,
                Chance(0.95) ? venueId : null,
                names,
                references,
                jerseys);

            var squad = new Player[24];
            for (int p = 0; p < squad.Length; p++)
            {
                PlayerPosition position = p < 3 ? PlayerPosition.Goalkeeper : p < 11 ? PlayerPosition.Defender : p < 19 ? PlayerPosition.Midfielder : PlayerPosition.Forward;
                squad[p] = new Player(
                    Inv($"sr:player:{100000 + index * 100 + p}"),
                    PersonName(),
                    Chance(0.95) ? 1 + _r.Next(40) : null,
                    position,
                    Chance(0.6) ? city[9] : Pick(Cities)[9],
                    Chance(0.9) ? new DateTime(1988 + _r.Next(20), 1 + _r.Next(12), 1 + _r.Next(28), 0, 0, 0, DateTimeKind.Utc) : null,
                    Chance(0.85) ? 168 + _r.Next(29) : null,
                    Chance(0.7) ? 250_000m * (1 + _r.Next(400)) : null,
                    false,
                    null);
            }
            return new ClubInfo
            {
                Team = team,
                Venue = venue,
                Squad = squad,
                Rating = Math.Round(1400m + (decimal)_r.NextDouble() * 600m, 2),
                Formation = Pick(new[] { "4-3-3", "4-2-3-1", "3-5-2", "4-4-2", "3-4-3", "5-3-2" }),
            };
        }

        private static IReadOnlyDictionary<string, string> Localized(string en, Func<string, string>? other = null)
        {
            var d = new Dictionary<string, string>();
            foreach (string culture in Cultures) d[culture] = culture == "en" || other == null ? en : other(culture);
            return d;
        }

        public SportEvent Next(int index)
        {
            int homeIndex = _r.Next(_clubs.Length);
            int awayIndex = (homeIndex + 1 + _r.Next(_clubs.Length - 1)) % _clubs.Length;
            ClubInfo home = _clubs[homeIndex], away = _clubs[awayIndex];
            var tournament = Tournaments[_r.Next(Tournaments.Length)];
            int tournamentNumber = Array.IndexOf(Tournaments, tournament);
            int periodMinutes = tournament.PeriodMinutes;

            // Scheduled some time in the season; the snapshot is taken mid-season, so about half are finished.
            DateTime scheduled = _seasonStart.AddDays(_r.Next(300)).AddHours(12 + _r.Next(10)).AddMinutes(15 * _r.Next(4));
            double roll = _r.NextDouble();
            EventStatus status = roll < 0.45 ? EventStatus.Closed
                : roll < 0.55 ? EventStatus.Ended
                : roll < 0.65 ? EventStatus.Live
                : roll < 0.93 ? EventStatus.NotStarted
                : roll < 0.96 ? EventStatus.Postponed
                : roll < 0.98 ? EventStatus.Delayed
                : EventStatus.Cancelled;
            bool started = status is EventStatus.Closed or EventStatus.Ended or EventStatus.Live;
            bool finished = status is EventStatus.Closed or EventStatus.Ended;
            int played = finished ? 2 * periodMinutes : status == EventStatus.Live ? 1 + _r.Next(2 * periodMinutes) : 0;

            // Score: goals scattered over the minutes played.
            var goals = new List<(int Minute, bool Home)>();
            if (started)
            {
                int n = _r.Next(periodMinutes >= 30 ? 6 : 4);
                for (int g = 0; g < n; g++) goals.Add((1 + _r.Next(Math.Max(1, played)), Chance(0.55)));
                goals.Sort((x, y) => x.Minute.CompareTo(y.Minute));
            }
            int homeGoals = goals.FindAll(g => g.Home).Count, awayGoals = goals.Count - homeGoals;
            int homeHalf = goals.FindAll(g => g.Home && g.Minute <= periodMinutes).Count;
            int awayHalf = goals.FindAll(g => !g.Home && g.Minute <= periodMinutes).Count;

            string homeName = home.Team.Name, awayName = away.Team.Name;
            string matchId = Inv($"sr:match:{48_000_000 + index * 3 + _r.Next(3)}");

            // ---- outcome
            Outcome? outcome = null;
            decimal homeOdds = Math.Round(1.2m + (decimal)_r.NextDouble() * 5m, 2), awayOdds = Math.Round(1.3m + (decimal)_r.NextDouble() * 6m, 2);
            if (finished || status == EventStatus.Live || Chance(0.5))
            {
                OutcomeResult result = !finished ? OutcomeResult.Undecided : homeGoals > awayGoals ? OutcomeResult.HomeWin : homeGoals < awayGoals ? OutcomeResult.AwayWin : OutcomeResult.Draw;
                var markets = new Dictionary<string, string>();
                if (finished)
                {
                    markets["1x2"] = result == OutcomeResult.HomeWin ? "home" : result == OutcomeResult.AwayWin ? "away" : "draw";
                    markets["double_chance"] = result == OutcomeResult.AwayWin ? "draw_or_away" : "home_or_draw";
                    markets["total_2.5"] = homeGoals + awayGoals > 2 ? "over" : "under";
                    markets["both_teams_to_score"] = homeGoals > 0 && awayGoals > 0 ? "yes" : "no";
                    markets["correct_score"] = Inv($"{homeGoals}:{awayGoals}");
                    markets["halftime_fulltime"] = Inv($"{Sign(homeHalf, awayHalf)}/{Sign(homeGoals, awayGoals)}");
                    markets["first_goal"] = goals.Count == 0 ? "none" : goals[0].Home ? "home" : "away";
                    markets["handicap_-1"] = homeGoals - awayGoals > 1 ? "home" : homeGoals - awayGoals == 1 ? "push" : "away";
                }
                outcome = new Outcome(
                    result,
                    started ? homeGoals : null,
                    started ? awayGoals : null,
                    played >= periodMinutes ? homeHalf : null,
                    played >= periodMinutes ? awayHalf : null,
                    homeOdds,
                    Chance(0.9) ? Math.Round(2.8m + (decimal)_r.NextDouble() * 1.5m, 2) : null,
                    awayOdds,
                    result == OutcomeResult.HomeWin ? home.Team.Id : result == OutcomeResult.AwayWin ? away.Team.Id : null,
                    finished
                        ? Inv($"{homeName} {homeGoals}-{awayGoals} {awayName} ({homeHalf}-{awayHalf} at half-time); settled on {markets.Count} markets.")
                        : Inv($"Pre-match prices: {homeName} {homeOdds}, {awayName} {awayOdds}. Not yet settled."),
                    markets);
            }

            // ---- season and tournament
            var season = Chance(0.95)
                ? new Season(
                    Inv($"sr:season:{110_000 + tournamentNumber}"),
                    Inv($"{tournament.Name} 25/26"),
                    "25/26",
                    _seasonStart,
                    _seasonStart.AddDays(300),
                    Inv($"sr:tournament:{17 + tournamentNumber * 5}"),
                    Localized(Inv($"{tournament.Name} 25/26"), culture => tournament.Name + " " + SeasonWords[culture]))
                : null;
            bool cup = tournament.Name.Contains("Cup", StringComparison.Ordinal);
            int round = 1 + _r.Next(cup ? 7 : 34);
            var longTerm = new LongTermEvent(
                Inv($"sr:tournament:{17 + tournamentNumber * 5}"),
                tournament.Name,
                tournament.CategoryId,
                tournament.Category,
                cup ? (round >= 5 ? new[] { "Quarterfinal", "Semifinal", "Final" }[Math.Min(2, round - 5)] : Inv($"Round of {128 >> round}")) : Inv($"Matchday {round}"),
                round,
                !cup && Chance(0.3) ? "Group " + (char)('A' + _r.Next(8)) : null,
                cup ? 2 : null,
                cup ? 1 + _r.Next(2) : null,
                Chance(0.9) ? _seasonStart : null,
                Chance(0.9) ? _seasonStart.AddDays(300) : null,
                Localized(tournament.Name, culture => culture is "ru" or "zh" ? tournament.Name + " (" + CategoryWords[culture] + ")" : tournament.Name));

            // ---- fixture
            var channels = new List<TvChannel>();
            int channelCount = _r.Next(4);
            for (int c = 0; c < channelCount; c++)
            {
                channels.Add(new TvChannel(
                    Pick(TvNetworks),
                    Chance(0.5) ? Inv($"https://stream.example-sports.tv/live/{matchId.Substring(9)}/{c}") : null,
                    Chance(0.7) ? scheduled.AddMinutes(-15) : null));
            }
            var extra = new Dictionary<string, string>
            {
                ["neutral_ground"] = Chance(0.05) ? "true" : "false",
                ["period_length"] = Inv($"{periodMinutes}"),
                ["coverage_source"] = Pick(new[] { "venue", "tv", "basic" }),
                ["extended_live_markets_offered"] = Chance(0.6) ? "true" : "false",
                ["streaming"] = channels.Count > 0 ? "true" : "false",
            };
            if (cup) extra["overtime_length"] = "15";
            if (Chance(0.3)) extra["rules"] = "Away goals rule does not apply; a draw after 90 minutes goes to extra time and penalties.";
            var fixture = new Fixture(
                Inv($"{matchId}:fixture"),
                Chance(0.8),
                Chance(0.05),
                status == EventStatus.NotStarted && Chance(0.6) ? scheduled.AddMinutes(-5) : null,
                status == EventStatus.Postponed && Chance(0.5) ? Inv($"sr:match:{49_000_000 + index}") : null,
                (CoverageLevel)_r.Next(4),
                Chance(0.85),
                channels,
                extra);

            // ---- delay
            DelayInfo? delay = status is EventStatus.Delayed or EventStatus.Postponed || Chance(0.04)
                ? new DelayInfo(
                    Chance(0.8) ? 5 * (1 + _r.Next(12)) : null,
                    (DelayReason)_r.Next(6),
                    Chance(0.85) ? Pick(DelayDescriptions) : null,
                    status == EventStatus.Postponed && Chance(0.7) ? scheduled.AddDays(7 + _r.Next(30)) : null)
                : null;

            // ---- status
            var periods = new List<PeriodScore>();
            if (started)
            {
                periods.Add(new PeriodScore(1, PeriodType.Regular, homeHalf, awayHalf));
                if (played > periodMinutes) periods.Add(new PeriodScore(2, PeriodType.Regular, homeGoals - homeHalf, awayGoals - awayHalf));
            }
            var statistics = new Dictionary<string, string>();
            if (started)
            {
                int possession = 35 + _r.Next(31);
                statistics["ball_possession"] = Inv($"{possession}:{100 - possession}");
                foreach (string stat in new[] { "shots_total", "shots_on_target", "shots_off_target", "shots_blocked", "corner_kicks", "free_kicks", "fouls", "offsides", "yellow_cards", "red_cards", "saves", "goal_kicks", "throw_ins", "injuries" })
                {
                    int scale = stat switch { "free_kicks" or "fouls" or "throw_ins" => 20, "red_cards" or "injuries" => 2, _ => 10 };
                    statistics[stat] = Inv($"{_r.Next(scale)}:{_r.Next(scale)}");
                }
                statistics["passes"] = Inv($"{200 + _r.Next(500)}:{200 + _r.Next(500)}");
                statistics["pass_accuracy"] = Inv($"{70 + _r.Next(25)}:{70 + _r.Next(25)}");
                statistics["expected_goals"] = Inv($"{Math.Round(_r.NextDouble() * 3, 2)}:{Math.Round(_r.NextDouble() * 3, 2)}");
            }
            string statusDescription = status switch
            {
                EventStatus.NotStarted or EventStatus.Delayed => StatusDescriptions[0],
                EventStatus.Live => played <= periodMinutes ? StatusDescriptions[1] : StatusDescriptions[3],
                EventStatus.Postponed => StatusDescriptions[7],
                EventStatus.Cancelled => StatusDescriptions[8],
                _ => StatusDescriptions[4],
            };
            var statusDetails = new StatusDetails(
                status,
                status switch { EventStatus.Live => played <= periodMinutes ? 6 : 7, EventStatus.Closed or EventStatus.Ended => 100, EventStatus.Postponed => 60, EventStatus.Cancelled => 70, _ => 0 },
                statusDescription,
                started ? homeGoals : null,
                started ? awayGoals : null,
                finished && cup && homeGoals == awayGoals ? _r.Next(6) : null,
                finished && cup && homeGoals == awayGoals ? _r.Next(6) : null,
                status == EventStatus.Live ? Inv($"{played}:{_r.Next(60):00}") : null,
                status == EventStatus.Live && Chance(0.3) ? Inv($"{_r.Next(5)}:{_r.Next(60):00}") : null,
                status == EventStatus.Live ? Chance(0.2) : null,
                periods,
                statistics);

            GamePhase? phase = status == EventStatus.Live
                ? new GamePhase(played <= periodMinutes ? 1 : 2, PeriodType.Regular, played, Chance(0.3) ? 1 + _r.Next(5) : null, false, played <= periodMinutes ? "First half in play" : "Second half in play")
                : finished ? new GamePhase(2, PeriodType.Regular, 2 * periodMinutes, _r.Next(8), true, "Match ended") : null;

            // ---- conditions
            Conditions? conditions = started || Chance(0.3)
                ? new Conditions(
                    Chance(0.9) ? Pick(_referees) : null,
                    Chance(0.8) ? Pick(Cities)[9] : null,
                    started && Chance(0.85) ? (int)Math.Min(home.Venue.Capacity ?? 30_000, 2_000 + _r.Next(70_000)) : null,
                    Chance(0.8) ? (WeatherKind)_r.Next(8) : null,
                    Chance(0.8) ? Math.Round(-5m + (decimal)_r.NextDouble() * 35m, 1) : null,
                    Chance(0.7) ? Math.Round((decimal)_r.NextDouble() * 40m, 1) : null,
                    Chance(0.7) ? 30 + _r.Next(70) : null,
                    tournament.Sport == "sr:sport:1" ? (Chance(0.8) ? PitchSurface.Grass : PitchSurface.Hybrid) : tournament.Sport == "sr:sport:4" ? PitchSurface.Ice : PitchSurface.Hardwood,
                    Inv($"2x{periodMinutes}"),
                    NewNotes())
                : null;

            // ---- competitors and their lineups
            var competitors = new List<Competitor>
            {
                NewCompetitor(home, CompetitorQualifier.Home, started || Chance(0.2), played),
                NewCompetitor(away, CompetitorQualifier.Away, started || Chance(0.2), played),
            };
            int extraCompetitors = cup ? _r.Next(3) : 0;
            for (int k = 0; k < extraCompetitors; k++) competitors.Add(NewCompetitor(_clubs[_r.Next(_clubs.Length)], null, false, 0));

            // ---- timeline: 1 to 10 records, always at least the kick-off or the announcement
            var timeline = new List<TimelineRecord>();
            int records = 1 + _r.Next(10);
            DateTime kickOff = scheduled.AddMinutes(delay?.DelayedMinutes ?? 0);
            long recordId = 1_500_000_000L + index * 20L;
            int homeScore = 0, awayScore = 0, goalCursor = 0;
            for (int t = 0; t < records; t++)
            {
                int minute = started ? (int)((long)played * t / records) : 0;
                while (started && goalCursor < goals.Count && goals[goalCursor].Minute <= minute)
                {
                    if (goals[goalCursor].Home) homeScore++; else awayScore++;
                    goalCursor++;
                }
                timeline.Add(NewTimelineRecord(recordId + t, t, records, minute, kickOff, started, finished, home, away, homeScore, awayScore));
            }

            return new SportEvent
            {
                Id = EnvelopeGenerator.NewGuid(_r),
                Name = homeName + " vs. " + awayName,
                SportId = tournament.Sport,
                StartTime = Chance(0.96) ? kickOff : null,
                EndTime = finished ? kickOff.AddMinutes(2 * periodMinutes + 17 + _r.Next(10)).AddSeconds(_r.Next(60)) : null,
                Outcome = outcome,
                HomeTeam = home.Team,
                AwayTeam = away.Team,
                Season = season,
                GamePhase = phase,
                LongTermEvent = longTerm,
                Fixture = fixture,
                DelayInfo = delay,
                StatusDetails = statusDetails,
                BookingStatus = Chance(0.85) ? (BookingStatus)_r.Next(4) : null,
                Location = Chance(0.92) ? home.Venue : null,
                Conditions = conditions,
                Timeline = timeline,
                Competitors = competitors,
            };
        }

        private static string Sign(int home, int away) => home > away ? "1" : home < away ? "2" : "X";

        private IReadOnlyDictionary<string, string> NewNotes()
        {
            var notes = new Dictionary<string, string>
            {
                ["pitch"] = Pick(new[] { "Good", "Good, slightly wet after pre-match rain", "Firm and fast", "Heavy in the centre circle", "Newly relaid, holding up well" }),
                ["lighting"] = Pick(new[] { "floodlights", "daylight", "floodlights from the second half" }),
            };
            if (Chance(0.5)) notes["roof"] = Pick(new[] { "open", "closed", "partly closed" });
            if (Chance(0.4)) notes["var"] = "Video assistant referee in use; reviews are announced on the big screen.";
            if (Chance(0.3)) notes["crowd"] = Pick(new[] { "sold out", "away section closed", "partial closure of the north stand after sanctions" });
            return notes;
        }

        private Competitor NewCompetitor(ClubInfo club, CompetitorQualifier? qualifier, bool withLineup, int played)
        {
            var lineup = new List<Player>();
            if (withLineup)
            {
                // A goalkeeper, ten outfield starters, then five to nine substitutes.
                var used = new HashSet<int>();
                int count = 16 + _r.Next(5);
                for (int k = 0; k < count; k++)
                {
                    int p;
                    do { p = k == 0 ? _r.Next(3) : 3 + _r.Next(club.Squad.Length - 3); } while (!used.Add(p));
                    bool starter = k < 11;
                    lineup.Add(club.Squad[p] with { Starter = starter, Statistics = played > 0 && (starter || Chance(0.6)) ? PlayerStatistics(club.Squad[p].Position, starter ? played : _r.Next(1 + played / 3)) : null });
                }
            }
            var references = new Dictionary<string, string>(club.Team.References);
            if (qualifier == null) references["placeholder"] = "winner of the previous tie";
            return new Competitor(
                club.Team.Id,
                club.Team.Name,
                club.Team.Abbreviation,
                qualifier,
                club.Team.Gender,
                club.Team.Country,
                club.Team.CountryCode,
                qualifier == null || Chance(0.5) ? 1 + _r.Next(32) : null,
                Chance(0.8) ? club.Rating : null,
                withLineup ? club.Formation : null,
                club.Team.Names,
                references,
                lineup);
        }

        /// <summary>A player's match statistics as the feed sends them: name → value as text.</summary>
        private IReadOnlyDictionary<string, string> PlayerStatistics(PlayerPosition position, int minutes)
        {
            var stats = new Dictionary<string, string>
            {
                ["minutes_played"] = Inv($"{minutes}"),
                ["rating"] = Inv($"{Math.Round(5.5 + _r.NextDouble() * 3.5, 1)}"),
                ["passes_completed"] = Inv($"{_r.Next(1 + minutes)}/{minutes + _r.Next(20)}"),
                ["touches"] = Inv($"{_r.Next(10 + minutes)}"),
            };
            if (position == PlayerPosition.Goalkeeper) stats["saves"] = Inv($"{_r.Next(8)}");
            else if (Chance(0.4)) stats["shots"] = Inv($"{_r.Next(6)}");
            if (Chance(0.3)) stats["duels_won"] = Inv($"{_r.Next(12)}/{12 + _r.Next(6)}");
            return stats;
        }

        private TimelineRecord NewTimelineRecord(long id, int t, int records, int minute, DateTime kickOff, bool started, bool finished,
            ClubInfo home, ClubInfo away, int homeScore, int awayScore)
        {
            string venue = home.Venue.Name;
            DateTime time = kickOff.AddMinutes(minute + (minute > 45 ? 15 : 0)).AddMilliseconds(_r.Next(60_000));
            if (!started)
            {
                string text = t == 0
                    ? Inv($"Line-ups will be confirmed one hour before kick-off at {venue}. {home.Team.Name} are unbeaten in their last {1 + _r.Next(9)} home matches.")
                    : Inv($"Pre-match: {Pick(Pick(new[] { home, away }).Squad).Name} is {Pick(new[] { "a doubt with a hamstring problem", "suspended after five bookings", "back in training", "expected to start" })}.");
                return new TimelineRecord(id, TimelineEventType.BreakStart, kickOff.AddHours(-24 + t), null, null, null, null, null, null, null, null, null, null, text,
                    new Dictionary<string, string> { ["source"] = "press_conference", ["confidence"] = Pick(new[] { "confirmed", "likely", "rumour" }) });
            }
            if (t == 0)
            {
                return new TimelineRecord(id, TimelineEventType.MatchStarted, kickOff, 0, "0:00", null, null, null, null, 0, 0, null, null,
                    Inv($"The referee blows the whistle and we are under way at {venue}: {home.Team.Name} against {away.Team.Name}."),
                    new Dictionary<string, string> { ["kickoff_team"] = Chance(0.5) ? "home" : "away", ["attendance_announced"] = Chance(0.5) ? "true" : "false" });
            }
            if (finished && t == records - 1)
            {
                return new TimelineRecord(id, TimelineEventType.MatchEnded, time, minute, null, null, null, null, null, homeScore, awayScore, null, null,
                    Inv($"Full-time at {venue}: {home.Team.Name} {homeScore}-{awayScore} {away.Team.Name}. {(homeScore == awayScore ? "The points are shared." : (homeScore > awayScore ? home.Team.Name : away.Team.Name) + " take all three points.")}"),
                    new Dictionary<string, string> { ["added_time"] = Inv($"{1 + _r.Next(7)}"), ["player_of_the_match"] = Pick(home.Squad).Name });
            }
            bool isHome = Chance(0.5);
            ClubInfo side = isHome ? home : away;
            Player player = Pick(side.Squad);
            Player other = Pick(side.Squad);
            var type = (TimelineEventType)(2 + _r.Next(10));
            string commentary;
            var attributes = new Dictionary<string, string>();
            switch (type)
            {
                case TimelineEventType.ScoreChange:
                    commentary = Inv($"GOAL! {player.Name} makes it {homeScore}-{awayScore} for {side.Team.Name} with {Pick(Finishes)} after {Pick(BuildUps)}. {other.Name} provided the assist.");
                    attributes["body_part"] = Pick(new[] { "right_foot", "left_foot", "head" });
                    attributes["situation"] = Pick(new[] { "open_play", "set_piece", "counter_attack", "penalty" });
                    attributes["xg"] = Inv($"{Math.Round(_r.NextDouble() * 0.8, 2)}");
                    break;
                case TimelineEventType.YellowCard:
                    commentary = Inv($"{player.Name} ({side.Team.Name}) is booked for {Pick(Fouls)}.");
                    attributes["card_reason"] = Pick(new[] { "foul", "dissent", "time_wasting", "unsporting_behaviour" });
                    break;
                case TimelineEventType.RedCard:
                    commentary = Inv($"{player.Name} is sent off! {side.Team.Name} are down to ten men after {Pick(Fouls)}.");
                    attributes["card_reason"] = "serious_foul_play";
                    attributes["var_reviewed"] = Chance(0.5) ? "true" : "false";
                    break;
                case TimelineEventType.Substitution:
                    commentary = Inv($"Substitution for {side.Team.Name}: {player.Name} comes on, replacing {other.Name}, who {Pick(new[] { "looked tired", "picked up a knock", "was booked earlier", "had a quiet afternoon" })}.");
                    attributes["reason"] = Pick(new[] { "tactical", "injury" });
                    break;
                case TimelineEventType.ShotOnTarget:
                    commentary = Inv($"{player.Name} tests the goalkeeper with {Pick(Shots)}, but it is saved and pushed behind.");
                    attributes["outcome"] = "saved";
                    attributes["xg"] = Inv($"{Math.Round(_r.NextDouble() * 0.5, 2)}");
                    break;
                case TimelineEventType.ShotOffTarget:
                    commentary = Inv($"{player.Name} drags {Pick(Shots)} wide of the post. {side.Team.Name} are pressing.");
                    attributes["outcome"] = "wide";
                    break;
                case TimelineEventType.CornerKick:
                    commentary = Inv($"{side.Team.Name} win a corner after {player.Name}'s cross is deflected behind by a defender.");
                    attributes["side"] = Chance(0.5) ? "left" : "right";
                    break;
                case TimelineEventType.FreeKick:
                    commentary = Inv($"Free kick to {side.Team.Name} in a dangerous position after a foul on {player.Name} about {18 + _r.Next(15)} yards out.");
                    attributes["zone"] = Pick(new[] { "central", "left_channel", "right_channel" });
                    break;
                case TimelineEventType.Injury:
                    commentary = Inv($"{player.Name} is down receiving treatment after a collision; play is stopped while the physios come on.");
                    attributes["stretcher"] = Chance(0.2) ? "true" : "false";
                    break;
                default:
                    commentary = Inv($"VAR check: the officials are reviewing a possible {Pick(new[] { "penalty", "offside", "handball", "red card" })} involving {player.Name}. The original decision {Pick(new[] { "stands", "is overturned" })}.");
                    attributes["review_type"] = "var";
                    break;
            }
            bool onPitch = type is not (TimelineEventType.Injury or TimelineEventType.VideoReview);
            return new TimelineRecord(
                id, type, time, minute, Inv($"{minute}:{_r.Next(60):00}"),
                isHome ? CompetitorQualifier.Home : CompetitorQualifier.Away,
                player.Id, player.Name,
                type is TimelineEventType.ScoreChange or TimelineEventType.Substitution ? other.Name : null,
                type == TimelineEventType.ScoreChange ? homeScore : null,
                type == TimelineEventType.ScoreChange ? awayScore : null,
                onPitch ? _r.Next(101) : null,
                onPitch ? _r.Next(101) : null,
                commentary,
                attributes);
        }
    }
}
