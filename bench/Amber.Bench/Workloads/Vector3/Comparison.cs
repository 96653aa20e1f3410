namespace Amber.Bench.Workloads
{
    public sealed partial class Vector3Workload
    {
        public static void Compare(Comparer c, Vector3[] e, Vector3[] a) => c.Sequence("", e, a, (cc, p, x, y) =>
        {
            cc.Equal(p + ".X", x.X, y.X);
            cc.Equal(p + ".Y", x.Y, y.Y);
            cc.Equal(p + ".Z", x.Z, y.Z);
        });
    }
}
