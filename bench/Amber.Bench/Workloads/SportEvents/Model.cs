using System;
using System.Collections.Generic;
using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace Amber.Bench.Workloads.Sport
{
    // A topic snapshot: the SportEvent record a sports data feed keeps in a compacted Kafka
    // topic, and the types it is made of, written as the service would write them: one record with
    // init-only members, the rest positional records. No attribute for any serializer.

    public enum BookingStatus { Unavailable, Buyable, Bookable, Booked }

    public enum EventStatus { NotStarted, Live, Suspended, Ended, Closed, Cancelled, Delayed, Interrupted, Postponed, Abandoned }

    public enum OutcomeResult { Undecided, HomeWin, Draw, AwayWin, Void }

    public enum Gender { Male, Female, Mixed }

    public enum PeriodType { Regular, Overtime, Penalties }

    public enum CompetitorQualifier { Home, Away }

    public enum TimelineEventType
    {
        MatchStarted, PeriodStart, ScoreChange, ShotOnTarget, ShotOffTarget, CornerKick, FreeKick,
        YellowCard, RedCard, Substitution, Injury, VideoReview, BreakStart, MatchEnded,
    }

    public enum PlayerPosition { Goalkeeper, Defender, Midfielder, Forward }

    public enum CoverageLevel { Bronze, Silver, Gold, Platinum }

    public enum DelayReason { Weather, Security, Transport, Broadcast, Medical, Other }

    public enum PitchSurface { Grass, Hybrid, ArtificialTurf, Hardwood, Ice }

    public enum WeatherKind { Clear, PartlyCloudy, Overcast, Rain, HeavyRain, Snow, Fog, Windy }

    /// <summary>One event of the topic: ~19 members, about 7–8 KB serialized.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public sealed partial record SportEvent
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public Guid Id { get; init; }
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public string Name { get; init; } = "";
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public string SportId { get; init; } = "";
        [MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        public DateTime? StartTime { get; init; }
        [MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        public DateTime? EndTime { get; init; }
        [MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        public Outcome? Outcome { get; init; }
        [MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        public Team? HomeTeam { get; init; }
        [MemoryPackOrder(7), Key(7), ProtoMember(8), Id(7)]
        public Team? AwayTeam { get; init; }
        [MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        public Season? Season { get; init; }
        [MemoryPackOrder(9), Key(9), ProtoMember(10), Id(9)]
        public GamePhase? GamePhase { get; init; }
        [MemoryPackOrder(10), Key(10), ProtoMember(11), Id(10)]
        public LongTermEvent? LongTermEvent { get; init; }
        [MemoryPackOrder(11), Key(11), ProtoMember(12), Id(11)]
        public Fixture? Fixture { get; init; }
        [MemoryPackOrder(12), Key(12), ProtoMember(13), Id(12)]
        public DelayInfo? DelayInfo { get; init; }
        [MemoryPackOrder(13), Key(13), ProtoMember(14), Id(13)]
        public StatusDetails? StatusDetails { get; init; }
        [MemoryPackOrder(14), Key(14), ProtoMember(15), Id(14)]
        public BookingStatus? BookingStatus { get; init; }
        [MemoryPackOrder(15), Key(15), ProtoMember(16), Id(15)]
        public Location? Location { get; init; }
        [MemoryPackOrder(16), Key(16), ProtoMember(17), Id(16)]
        public Conditions? Conditions { get; init; }
        [MemoryPackOrder(17), Key(17), ProtoMember(18, OverwriteList = true), Id(17)]
        public IEnumerable<TimelineRecord> Timeline { get; init; } = Array.Empty<TimelineRecord>();
        [MemoryPackOrder(18), Key(18), ProtoMember(19, OverwriteList = true), Id(18)]
        public IEnumerable<Competitor> Competitors { get; init; } = Array.Empty<Competitor>();
    }

    /// <summary>The settled result and the closing prices of the main market; Markets maps each settled market to its winning outcome.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract(SkipConstructor = true)]
    [GenerateSerializer]
    public sealed partial record Outcome(
        [property: MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        OutcomeResult Result,
        [property: MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        int? HomeScore,
        [property: MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        int? AwayScore,
        [property: MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        int? HomeHalfTimeScore,
        [property: MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        int? AwayHalfTimeScore,
        [property: MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        decimal? HomeOdds,
        [property: MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        decimal? DrawOdds,
        [property: MemoryPackOrder(7), Key(7), ProtoMember(8), Id(7)]
        decimal? AwayOdds,
        [property: MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        string? WinnerId,
        [property: MemoryPackOrder(9), Key(9), ProtoMember(10), Id(9)]
        string Description,
        [property: MemoryPackOrder(10), Key(10), ProtoMember(11), NullWrappedCollection, Id(10)]
        IReadOnlyDictionary<string, string> Markets);

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract(SkipConstructor = true)]
    [GenerateSerializer]
    public sealed partial record Team(
        [property: MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        string Id,
        [property: MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        string Name,
        [property: MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        string Abbreviation,
        [property: MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        string Country,
        [property: MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        string CountryCode,
        [property: MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        Gender Gender,
        [property: MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        int? FoundedYear,
        [property: MemoryPackOrder(7), Key(7), ProtoMember(8), Id(7)]
        string? Manager,
        [property: MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        string? HomeVenueId,
        [property: MemoryPackOrder(9), Key(9), ProtoMember(10), NullWrappedCollection, Id(9)]
        IReadOnlyDictionary<string, string> Names,
        [property: MemoryPackOrder(10), Key(10), ProtoMember(11), NullWrappedCollection, Id(10)]
        IReadOnlyDictionary<string, string> References,
        [property: MemoryPackOrder(11), Key(11), ProtoMember(12), NullWrappedCollection, Id(11)]
        IReadOnlyDictionary<string, string> Jerseys);

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract(SkipConstructor = true)]
    [GenerateSerializer]
    public sealed partial record Season(
        [property: MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        string Id,
        [property: MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        string Name,
        [property: MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        string Year,
        [property: MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        DateTime StartDate,
        [property: MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        DateTime EndDate,
        [property: MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        string TournamentId,
        [property: MemoryPackOrder(6), Key(6), ProtoMember(7), NullWrappedCollection, Id(6)]
        IReadOnlyDictionary<string, string> Names);

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract(SkipConstructor = true)]
    [GenerateSerializer]
    public sealed partial record GamePhase([property: MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)] int Period, [property: MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)] PeriodType Type, [property: MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)] int? MatchMinute, [property: MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)] int? StoppageMinutes, [property: MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)] bool IsBreak, [property: MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)] string Description);

    /// <summary>The tournament the match belongs to, and its round.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract(SkipConstructor = true)]
    [GenerateSerializer]
    public sealed partial record LongTermEvent(
        [property: MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        string Id,
        [property: MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        string Name,
        [property: MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        string CategoryId,
        [property: MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        string CategoryName,
        [property: MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        string? RoundName,
        [property: MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        int? RoundNumber,
        [property: MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        string? GroupName,
        [property: MemoryPackOrder(7), Key(7), ProtoMember(8), Id(7)]
        int? CupRoundMatches,
        [property: MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        int? CupRoundMatchNumber,
        [property: MemoryPackOrder(9), Key(9), ProtoMember(10), Id(9)]
        DateTime? ScheduledStart,
        [property: MemoryPackOrder(10), Key(10), ProtoMember(11), Id(10)]
        DateTime? ScheduledEnd,
        [property: MemoryPackOrder(11), Key(11), ProtoMember(12), NullWrappedCollection, Id(11)]
        IReadOnlyDictionary<string, string> Names);

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract(SkipConstructor = true)]
    [GenerateSerializer]
    public sealed partial record TvChannel([property: MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)] string Name, [property: MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)] string? StreamUrl, [property: MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)] DateTime? StartTime);

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract(SkipConstructor = true)]
    [GenerateSerializer]
    public sealed partial record Fixture(
        [property: MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        string Id,
        [property: MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        bool StartTimeConfirmed,
        [property: MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        bool StartTimeTbd,
        [property: MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        DateTime? NextLiveTime,
        [property: MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        string? ReplacedBy,
        [property: MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        CoverageLevel Coverage,
        [property: MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        bool LiveCoverage,
        [property: MemoryPackOrder(7), Key(7), ProtoMember(8), NullWrappedCollection, Id(7)]
        IEnumerable<TvChannel> TvChannels,
        [property: MemoryPackOrder(8), Key(8), ProtoMember(9), NullWrappedCollection, Id(8)]
        IReadOnlyDictionary<string, string> ExtraInfo);

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract(SkipConstructor = true)]
    [GenerateSerializer]
    public sealed partial record DelayInfo([property: MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)] int? DelayedMinutes, [property: MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)] DelayReason Reason, [property: MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)] string? Description, [property: MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)] DateTime? RescheduledStart);

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract(SkipConstructor = true)]
    [GenerateSerializer]
    public sealed partial record PeriodScore([property: MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)] int Number, [property: MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)] PeriodType Type, [property: MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)] int HomeScore, [property: MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)] int AwayScore);

    /// <summary>The live status; Statistics maps a statistic to "home:away".</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract(SkipConstructor = true)]
    [GenerateSerializer]
    public sealed partial record StatusDetails(
        [property: MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        EventStatus Status,
        [property: MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        int MatchStatusCode,
        [property: MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        string MatchStatusDescription,
        [property: MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        int? HomeScore,
        [property: MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        int? AwayScore,
        [property: MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        int? HomePenaltyScore,
        [property: MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        int? AwayPenaltyScore,
        [property: MemoryPackOrder(7), Key(7), ProtoMember(8), Id(7)]
        string? MatchClock,
        [property: MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        string? StoppageClock,
        [property: MemoryPackOrder(9), Key(9), ProtoMember(10), Id(9)]
        bool? ClockStopped,
        [property: MemoryPackOrder(10), Key(10), ProtoMember(11), NullWrappedCollection, Id(10)]
        IEnumerable<PeriodScore> PeriodScores,
        [property: MemoryPackOrder(11), Key(11), ProtoMember(12), NullWrappedCollection, Id(11)]
        IReadOnlyDictionary<string, string> Statistics);

    /// <summary>The venue.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract(SkipConstructor = true)]
    [GenerateSerializer]
    public sealed partial record Location(
        [property: MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        string Id,
        [property: MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        string Name,
        [property: MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        string City,
        [property: MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        string Country,
        [property: MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        string CountryCode,
        [property: MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        int? Capacity,
        [property: MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        decimal? Latitude,
        [property: MemoryPackOrder(7), Key(7), ProtoMember(8), Id(7)]
        decimal? Longitude,
        [property: MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        string? Address,
        [property: MemoryPackOrder(9), Key(9), ProtoMember(10), NullWrappedCollection, Id(9)]
        IReadOnlyDictionary<string, string> Names);

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract(SkipConstructor = true)]
    [GenerateSerializer]
    public sealed partial record Conditions(
        [property: MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        string? RefereeName,
        [property: MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        string? RefereeNationality,
        [property: MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        int? Attendance,
        [property: MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        WeatherKind? Weather,
        [property: MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        decimal? TemperatureCelsius,
        [property: MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        decimal? WindSpeedKmh,
        [property: MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        int? HumidityPercent,
        [property: MemoryPackOrder(7), Key(7), ProtoMember(8), Id(7)]
        PitchSurface Surface,
        [property: MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        string EventMode,
        [property: MemoryPackOrder(9), Key(9), ProtoMember(10), NullWrappedCollection, Id(9)]
        IReadOnlyDictionary<string, string> Notes);

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract(SkipConstructor = true)]
    [GenerateSerializer]
    public sealed partial record TimelineRecord(
        [property: MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        long Id,
        [property: MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        TimelineEventType Type,
        [property: MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        DateTime Time,
        [property: MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        int? MatchMinute,
        [property: MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        string? MatchClock,
        [property: MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        CompetitorQualifier? Team,
        [property: MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        string? PlayerId,
        [property: MemoryPackOrder(7), Key(7), ProtoMember(8), Id(7)]
        string? PlayerName,
        [property: MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        string? SecondPlayerName,
        [property: MemoryPackOrder(9), Key(9), ProtoMember(10), Id(9)]
        int? HomeScore,
        [property: MemoryPackOrder(10), Key(10), ProtoMember(11), Id(10)]
        int? AwayScore,
        [property: MemoryPackOrder(11), Key(11), ProtoMember(12), Id(11)]
        int? X,
        [property: MemoryPackOrder(12), Key(12), ProtoMember(13), Id(12)]
        int? Y,
        [property: MemoryPackOrder(13), Key(13), ProtoMember(14), Id(13)]
        string Commentary,
        [property: MemoryPackOrder(14), Key(14), ProtoMember(15), NullWrappedCollection, Id(14)]
        IReadOnlyDictionary<string, string> Attributes);

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract(SkipConstructor = true)]
    [GenerateSerializer]
    public sealed partial record Player(
        [property: MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        string Id,
        [property: MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        string Name,
        [property: MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        int? JerseyNumber,
        [property: MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        PlayerPosition Position,
        [property: MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        string Nationality,
        [property: MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        DateTime? DateOfBirth,
        [property: MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        int? HeightCm,
        [property: MemoryPackOrder(7), Key(7), ProtoMember(8), Id(7)]
        decimal? MarketValueEur,
        [property: MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        bool Starter,
        [property: MemoryPackOrder(9), Key(9), ProtoMember(10), NullWrappedCollection, Id(9)]
        IReadOnlyDictionary<string, string>? Statistics);

    /// <summary>A participant; the third and fourth of a cup tie are the possible opponents of the next round, with no lineup.</summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract(SkipConstructor = true)]
    [GenerateSerializer]
    public sealed partial record Competitor(
        [property: MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        string Id,
        [property: MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        string Name,
        [property: MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        string Abbreviation,
        [property: MemoryPackOrder(3), Key(3), ProtoMember(4), Id(3)]
        CompetitorQualifier? Qualifier,
        [property: MemoryPackOrder(4), Key(4), ProtoMember(5), Id(4)]
        Gender Gender,
        [property: MemoryPackOrder(5), Key(5), ProtoMember(6), Id(5)]
        string Country,
        [property: MemoryPackOrder(6), Key(6), ProtoMember(7), Id(6)]
        string CountryCode,
        [property: MemoryPackOrder(7), Key(7), ProtoMember(8), Id(7)]
        int? Seed,
        [property: MemoryPackOrder(8), Key(8), ProtoMember(9), Id(8)]
        decimal? Rating,
        [property: MemoryPackOrder(9), Key(9), ProtoMember(10), Id(9)]
        string? Formation,
        [property: MemoryPackOrder(10), Key(10), ProtoMember(11), NullWrappedCollection, Id(10)]
        IReadOnlyDictionary<string, string> Names,
        [property: MemoryPackOrder(11), Key(11), ProtoMember(12), NullWrappedCollection, Id(11)]
        IReadOnlyDictionary<string, string> References,
        [property: MemoryPackOrder(12), Key(12), ProtoMember(13), NullWrappedCollection, Id(12)]
        IEnumerable<Player> Lineup);
}
