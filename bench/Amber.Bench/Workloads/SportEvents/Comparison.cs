using System.Collections.Generic;
using System;
using Amber.Bench.Workloads.Sport;

namespace Amber.Bench.Workloads
{
    public sealed partial class SportEventsWorkload
    {
        public static void Compare(Comparer c, List<SportEvent> e, List<SportEvent> a) =>
            c.Sequence("", e, a, CompareEvent);

        private static void CompareEvent(Comparer c, string p, SportEvent e, SportEvent a)
        {
            c.Object(p, e, a, (c, p, e, a) =>
            {
                c.Equal(p + ".Id", e.Id, a.Id);
                c.Equal(p + ".Name", e.Name, a.Name);
                c.Equal(p + ".SportId", e.SportId, a.SportId);
                c.Time(p + ".StartTime", e.StartTime, a.StartTime);
                c.Time(p + ".EndTime", e.EndTime, a.EndTime);
                c.Object(p + ".Outcome", e.Outcome, a.Outcome, CompareOutcome);
                c.Object(p + ".HomeTeam", e.HomeTeam, a.HomeTeam, CompareTeam);
                c.Object(p + ".AwayTeam", e.AwayTeam, a.AwayTeam, CompareTeam);
                c.Object(p + ".Season", e.Season, a.Season, CompareSeason);
                c.Object(p + ".GamePhase", e.GamePhase, a.GamePhase, CompareGamePhase);
                c.Object(p + ".LongTermEvent", e.LongTermEvent, a.LongTermEvent, CompareLongTermEvent);
                c.Object(p + ".Fixture", e.Fixture, a.Fixture, CompareFixture);
                c.Object(p + ".DelayInfo", e.DelayInfo, a.DelayInfo, CompareDelayInfo);
                c.Object(p + ".StatusDetails", e.StatusDetails, a.StatusDetails, CompareStatusDetails);
                c.Equal(p + ".BookingStatus", e.BookingStatus, a.BookingStatus);
                c.Object(p + ".Location", e.Location, a.Location, CompareLocation);
                c.Object(p + ".Conditions", e.Conditions, a.Conditions, CompareConditions);
                c.Sequence(p + ".Timeline", e.Timeline, a.Timeline, CompareTimelineRecord);
                c.Sequence(p + ".Competitors", e.Competitors, a.Competitors, CompareCompetitor);
            });
        }

        private static void CompareOutcome(Comparer c, string p, Outcome e, Outcome a)
        {
            c.Equal(p + ".Result", e.Result, a.Result);
            c.Equal(p + ".HomeScore", e.HomeScore, a.HomeScore);
            c.Equal(p + ".AwayScore", e.AwayScore, a.AwayScore);
            c.Equal(p + ".HomeHalfTimeScore", e.HomeHalfTimeScore, a.HomeHalfTimeScore);
            c.Equal(p + ".AwayHalfTimeScore", e.AwayHalfTimeScore, a.AwayHalfTimeScore);
            c.Equal(p + ".HomeOdds", e.HomeOdds, a.HomeOdds);
            c.Equal(p + ".DrawOdds", e.DrawOdds, a.DrawOdds);
            c.Equal(p + ".AwayOdds", e.AwayOdds, a.AwayOdds);
            c.Equal(p + ".WinnerId", e.WinnerId, a.WinnerId);
            c.Equal(p + ".Description", e.Description, a.Description);
            c.MapValues(p + ".Markets", e.Markets, a.Markets);
        }

        private static void CompareTeam(Comparer c, string p, Team e, Team a)
        {
            c.Equal(p + ".Id", e.Id, a.Id);
            c.Equal(p + ".Name", e.Name, a.Name);
            c.Equal(p + ".Abbreviation", e.Abbreviation, a.Abbreviation);
            c.Equal(p + ".Country", e.Country, a.Country);
            c.Equal(p + ".CountryCode", e.CountryCode, a.CountryCode);
            c.Equal(p + ".Gender", e.Gender, a.Gender);
            c.Equal(p + ".FoundedYear", e.FoundedYear, a.FoundedYear);
            c.Equal(p + ".Manager", e.Manager, a.Manager);
            c.Equal(p + ".HomeVenueId", e.HomeVenueId, a.HomeVenueId);
            c.MapValues(p + ".Names", e.Names, a.Names);
            c.MapValues(p + ".References", e.References, a.References);
            c.MapValues(p + ".Jerseys", e.Jerseys, a.Jerseys);
        }

        private static void CompareSeason(Comparer c, string p, Season e, Season a)
        {
            c.Equal(p + ".Id", e.Id, a.Id);
            c.Equal(p + ".Name", e.Name, a.Name);
            c.Equal(p + ".Year", e.Year, a.Year);
            c.Time(p + ".StartDate", e.StartDate, a.StartDate);
            c.Time(p + ".EndDate", e.EndDate, a.EndDate);
            c.Equal(p + ".TournamentId", e.TournamentId, a.TournamentId);
            c.MapValues(p + ".Names", e.Names, a.Names);
        }

        private static void CompareGamePhase(Comparer c, string p, GamePhase e, GamePhase a)
        {
            c.Equal(p + ".Period", e.Period, a.Period);
            c.Equal(p + ".Type", e.Type, a.Type);
            c.Equal(p + ".MatchMinute", e.MatchMinute, a.MatchMinute);
            c.Equal(p + ".StoppageMinutes", e.StoppageMinutes, a.StoppageMinutes);
            c.Equal(p + ".IsBreak", e.IsBreak, a.IsBreak);
            c.Equal(p + ".Description", e.Description, a.Description);
        }

        private static void CompareLongTermEvent(Comparer c, string p, LongTermEvent e, LongTermEvent a)
        {
            c.Equal(p + ".Id", e.Id, a.Id);
            c.Equal(p + ".Name", e.Name, a.Name);
            c.Equal(p + ".CategoryId", e.CategoryId, a.CategoryId);
            c.Equal(p + ".CategoryName", e.CategoryName, a.CategoryName);
            c.Equal(p + ".RoundName", e.RoundName, a.RoundName);
            c.Equal(p + ".RoundNumber", e.RoundNumber, a.RoundNumber);
            c.Equal(p + ".GroupName", e.GroupName, a.GroupName);
            c.Equal(p + ".CupRoundMatches", e.CupRoundMatches, a.CupRoundMatches);
            c.Equal(p + ".CupRoundMatchNumber", e.CupRoundMatchNumber, a.CupRoundMatchNumber);
            c.Time(p + ".ScheduledStart", e.ScheduledStart, a.ScheduledStart);
            c.Time(p + ".ScheduledEnd", e.ScheduledEnd, a.ScheduledEnd);
            c.MapValues(p + ".Names", e.Names, a.Names);
        }

        private static void CompareFixture(Comparer c, string p, Fixture e, Fixture a)
        {
            c.Equal(p + ".Id", e.Id, a.Id);
            c.Equal(p + ".StartTimeConfirmed", e.StartTimeConfirmed, a.StartTimeConfirmed);
            c.Equal(p + ".StartTimeTbd", e.StartTimeTbd, a.StartTimeTbd);
            c.Time(p + ".NextLiveTime", e.NextLiveTime, a.NextLiveTime);
            c.Equal(p + ".ReplacedBy", e.ReplacedBy, a.ReplacedBy);
            c.Equal(p + ".Coverage", e.Coverage, a.Coverage);
            c.Equal(p + ".LiveCoverage", e.LiveCoverage, a.LiveCoverage);
            c.Sequence(p + ".TvChannels", e.TvChannels, a.TvChannels, (c, p, e, a) =>
            {
                c.Equal(p + ".Name", e.Name, a.Name);
                c.Equal(p + ".StreamUrl", e.StreamUrl, a.StreamUrl);
                c.Time(p + ".StartTime", e.StartTime, a.StartTime);
            });
            c.MapValues(p + ".ExtraInfo", e.ExtraInfo, a.ExtraInfo);
        }

        private static void CompareDelayInfo(Comparer c, string p, DelayInfo e, DelayInfo a)
        {
            c.Equal(p + ".DelayedMinutes", e.DelayedMinutes, a.DelayedMinutes);
            c.Equal(p + ".Reason", e.Reason, a.Reason);
            c.Equal(p + ".Description", e.Description, a.Description);
            c.Time(p + ".RescheduledStart", e.RescheduledStart, a.RescheduledStart);
        }

        private static void CompareStatusDetails(Comparer c, string p, StatusDetails e, StatusDetails a)
        {
            c.Equal(p + ".Status", e.Status, a.Status);
            c.Equal(p + ".MatchStatusCode", e.MatchStatusCode, a.MatchStatusCode);
            c.Equal(p + ".MatchStatusDescription", e.MatchStatusDescription, a.MatchStatusDescription);
            c.Equal(p + ".HomeScore", e.HomeScore, a.HomeScore);
            c.Equal(p + ".AwayScore", e.AwayScore, a.AwayScore);
            c.Equal(p + ".HomePenaltyScore", e.HomePenaltyScore, a.HomePenaltyScore);
            c.Equal(p + ".AwayPenaltyScore", e.AwayPenaltyScore, a.AwayPenaltyScore);
            c.Equal(p + ".MatchClock", e.MatchClock, a.MatchClock);
            c.Equal(p + ".StoppageClock", e.StoppageClock, a.StoppageClock);
            c.Equal(p + ".ClockStopped", e.ClockStopped, a.ClockStopped);
            c.Sequence(p + ".PeriodScores", e.PeriodScores, a.PeriodScores, (c, p, e, a) =>
            {
                c.Equal(p + ".Number", e.Number, a.Number);
                c.Equal(p + ".Type", e.Type, a.Type);
                c.Equal(p + ".HomeScore", e.HomeScore, a.HomeScore);
                c.Equal(p + ".AwayScore", e.AwayScore, a.AwayScore);
            });
            c.MapValues(p + ".Statistics", e.Statistics, a.Statistics);
        }

        private static void CompareLocation(Comparer c, string p, Location e, Location a)
        {
            c.Equal(p + ".Id", e.Id, a.Id);
            c.Equal(p + ".Name", e.Name, a.Name);
            c.Equal(p + ".City", e.City, a.City);
            c.Equal(p + ".Country", e.Country, a.Country);
            c.Equal(p + ".CountryCode", e.CountryCode, a.CountryCode);
            c.Equal(p + ".Capacity", e.Capacity, a.Capacity);
            c.Equal(p + ".Latitude", e.Latitude, a.Latitude);
            c.Equal(p + ".Longitude", e.Longitude, a.Longitude);
            c.Equal(p + ".Address", e.Address, a.Address);
            c.MapValues(p + ".Names", e.Names, a.Names);
        }

        private static void CompareConditions(Comparer c, string p, Conditions e, Conditions a)
        {
            c.Equal(p + ".RefereeName", e.RefereeName, a.RefereeName);
            c.Equal(p + ".RefereeNationality", e.RefereeNationality, a.RefereeNationality);
            c.Equal(p + ".Attendance", e.Attendance, a.Attendance);
            c.Equal(p + ".Weather", e.Weather, a.Weather);
            c.Equal(p + ".TemperatureCelsius", e.TemperatureCelsius, a.TemperatureCelsius);
            c.Equal(p + ".WindSpeedKmh", e.WindSpeedKmh, a.WindSpeedKmh);
            c.Equal(p + ".HumidityPercent", e.HumidityPercent, a.HumidityPercent);
            c.Equal(p + ".Surface", e.Surface, a.Surface);
            c.Equal(p + ".EventMode", e.EventMode, a.EventMode);
            c.MapValues(p + ".Notes", e.Notes, a.Notes);
        }

        private static void CompareTimelineRecord(Comparer c, string p, TimelineRecord e, TimelineRecord a)
        {
            c.Object(p, e, a, (c, p, e, a) =>
            {
                c.Equal(p + ".Id", e.Id, a.Id);
                c.Equal(p + ".Type", e.Type, a.Type);
                c.Time(p + ".Time", e.Time, a.Time);
                c.Equal(p + ".MatchMinute", e.MatchMinute, a.MatchMinute);
                c.Equal(p + ".MatchClock", e.MatchClock, a.MatchClock);
                c.Equal(p + ".Team", e.Team, a.Team);
                c.Equal(p + ".PlayerId", e.PlayerId, a.PlayerId);
                c.Equal(p + ".PlayerName", e.PlayerName, a.PlayerName);
                c.Equal(p + ".SecondPlayerName", e.SecondPlayerName, a.SecondPlayerName);
                c.Equal(p + ".HomeScore", e.HomeScore, a.HomeScore);
                c.Equal(p + ".AwayScore", e.AwayScore, a.AwayScore);
                c.Equal(p + ".X", e.X, a.X);
                c.Equal(p + ".Y", e.Y, a.Y);
                c.Equal(p + ".Commentary", e.Commentary, a.Commentary);
                c.MapValues(p + ".Attributes", e.Attributes, a.Attributes);
            });
        }

        private static void CompareCompetitor(Comparer c, string p, Competitor e, Competitor a)
        {
            c.Object(p, e, a, (c, p, e, a) =>
            {
                c.Equal(p + ".Id", e.Id, a.Id);
                c.Equal(p + ".Name", e.Name, a.Name);
                c.Equal(p + ".Abbreviation", e.Abbreviation, a.Abbreviation);
                c.Equal(p + ".Qualifier", e.Qualifier, a.Qualifier);
                c.Equal(p + ".Gender", e.Gender, a.Gender);
                c.Equal(p + ".Country", e.Country, a.Country);
                c.Equal(p + ".CountryCode", e.CountryCode, a.CountryCode);
                c.Equal(p + ".Seed", e.Seed, a.Seed);
                c.Equal(p + ".Rating", e.Rating, a.Rating);
                c.Equal(p + ".Formation", e.Formation, a.Formation);
                c.MapValues(p + ".Names", e.Names, a.Names);
                c.MapValues(p + ".References", e.References, a.References);
                c.Sequence(p + ".Lineup", e.Lineup, a.Lineup, (c, p, e, a) => c.Object(p, e, a, (c, p, e, a) =>
                {
                    c.Equal(p + ".Id", e.Id, a.Id);
                    c.Equal(p + ".Name", e.Name, a.Name);
                    c.Equal(p + ".JerseyNumber", e.JerseyNumber, a.JerseyNumber);
                    c.Equal(p + ".Position", e.Position, a.Position);
                    c.Equal(p + ".Nationality", e.Nationality, a.Nationality);
                    c.Time(p + ".DateOfBirth", e.DateOfBirth, a.DateOfBirth);
                    c.Equal(p + ".HeightCm", e.HeightCm, a.HeightCm);
                    c.Equal(p + ".MarketValueEur", e.MarketValueEur, a.MarketValueEur);
                    c.Equal(p + ".Starter", e.Starter, a.Starter);
                    c.MapValues(p + ".Statistics", e.Statistics, a.Statistics);
                }));
            });
        }
    }
}
